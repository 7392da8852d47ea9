/** Accounts: registration, login, the current user, password change, email link, password reset. */
import * as Type from 'typebox/type';
import { AuthAnswer, MessageBody, User } from '../api.ts';
import { defineRoute } from './define.ts';
import { Refusals, Str } from './fields.ts';

const Credentials = Type.Object({
  name: Str(1000),
  password: Str(1000),
  recommenderUuid: Type.Optional(Str(100)),
});
const VerifyAnswer = Type.Object({ verifyId: Type.String(), message: Type.String() });

export const auth = {
  registrationOpen: defineRoute({
    method: 'GET',
    path: '/api/auth/reg',
    tags: ['auth'],
    summary: 'Whether registration is open (server setting)',
    response: { 200: Type.Object({ reg: Type.Boolean() }) },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/reg',
    tags: ['auth'],
    summary: 'Register; name and password at least 5 characters; a taken name is 409',
    body: Credentials,
    response: { 200: AuthAnswer, ...Refusals },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/me',
    tags: ['auth'],
    summary: 'Log in (sent without an authorization header); rate-limited per name and address',
    body: Credentials,
    response: { 200: AuthAnswer, ...Refusals },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    tags: ['auth'],
    summary: 'The current user. Without a token: loggedIn false. A bad or expired token: 401 `jwt expired`',
    bearer: true,
    response: { 200: Type.Object({ user: User, auth: Type.Boolean(), reg: Type.Boolean() }), ...Refusals },
  }),
  // Older kikoeru front ends (cached as installed web apps) still ask the former address.
  formerMe: defineRoute({
    method: 'GET',
    path: '/api/me',
    tags: ['auth'],
    summary: 'Former address of GET /api/auth/me: redirects there',
    response: { 302: Type.Null({ description: 'Location: /api/auth/me' }) },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    tags: ['auth'],
    summary: 'Log out in this browser: clears the media cookie (the token is forgotten by the client)',
    response: { 200: MessageBody },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/change-password',
    tags: ['auth'],
    summary: 'Change the password. Every older token stops working; the answer carries a new one',
    bearer: true,
    body: Type.Object({ oldPassword: Str(1000), newPassword: Str(1000) }),
    response: { 200: AuthAnswer, ...Refusals },
  }),
  requestEmailLink: defineRoute({
    method: 'POST',
    path: '/api/auth/email/request-link',
    tags: ['auth'],
    summary: 'Send a 6-digit code to the email to link; answers the verifyId to confirm with',
    description:
      'Errors: `must unlink email first` (409), `email already linked to another user` (409), `guest cannot link email` (403). The code is valid 15 minutes and for 5 tries.',
    bearer: true,
    body: Type.Object({ email: Str(320) }),
    response: { 200: VerifyAnswer, ...Refusals },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/email/verify',
    tags: ['auth'],
    summary: 'Confirm the email link with the code',
    description:
      'A wrong code answers 400 `not verified yet` with `details.attemptsLeft`; an unknown, used, expired or exhausted verifyId answers 410 `verify id expired` (request a new code).',
    bearer: true,
    body: Type.Object({ verifyId: Str(100), code: Str(20) }),
    response: { 200: Type.Object({ message: Type.String(), user: User }), ...Refusals },
  }),
  unlinkEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/email/unlink',
    tags: ['auth'],
    summary: 'Remove the linked email (needed before linking another one)',
    bearer: true,
    response: { 200: MessageBody, ...Refusals },
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password/request',
    tags: ['auth'],
    summary: 'Mail a password reset code to the email linked to the account (by name or email)',
    description:
      'The answer is the same whether or not the account exists or has an email (only the owner of the linked email learns the code). Rate-limited like login.',
    body: Type.Object({ name: Type.Optional(Str(1000)), email: Type.Optional(Str(320)) }),
    response: { 200: VerifyAnswer, ...Refusals },
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password/confirm',
    tags: ['auth'],
    summary: 'Set a new password with the mailed code; every older token stops working',
    body: Type.Object({ verifyId: Str(100), code: Str(20), password: Str(1000) }),
    response: { 200: AuthAnswer, ...Refusals },
  }),
};
