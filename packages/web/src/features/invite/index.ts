/**
 * Invitations: the page at `/invite/:code` where someone an administrator invited creates their
 * account, also while registration is closed. The shell loads it on demand (app/routes.tsx).
 */
export {};
