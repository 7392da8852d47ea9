import type { Messages } from '../../../../shared/i18n/types.ts';

export const messages: Messages = {
  admin: {
    settings: {
      title: 'Site settings',
      intro:
        'Changes apply at once, without a restart. A setting given by an environment variable is shown read-only: the variable wins.',
      groups: {
        access: 'Registration and access',
        maintenance: 'Maintenance',
        network: 'Address and proxies',
        mail: 'Mail',
        monitoring: 'Monitoring',
        backups: 'Backups',
      },
      keys: {
        registrationEnabled: {
          label: 'Registration open',
          help: 'On: anyone may create an account. Off: only people you invite (Invitations).',
        },
        anonymousMedia: {
          label: 'Anonymous listening',
          help: 'Visitors who are not signed in may stream and download.',
        },
        registrationLimit: {
          label: 'Registrations per address an hour',
          help: 'Accounts one address may create in an hour; a refused name does not count.',
        },
        subtitleQuotaMb: {
          label: 'Community subtitle storage (MiB)',
          help: 'Disk space accepted and pending community subtitles may take; uploads beyond it are refused.',
        },
        guestRateLimit: {
          label: 'Guest requests per minute',
          help: 'Per address, for the shared guest account; further requests are refused until the minute ends.',
        },
        maintenance: {
          label: 'Maintenance mode',
          help: 'Every visitor sees the message below instead of the site.',
        },
        maintenanceClosed: {
          label: 'Close the site during maintenance',
          help: 'With maintenance on: everyone but administrators gets “503, under maintenance” with the message below, in the site and in Subsonic players, streams included. Administrators keep the console.',
        },
        maintenanceHtml: {
          label: 'Maintenance message',
          help: 'Shown during maintenance; simple HTML is allowed.',
        },
        publicUrl: {
          label: 'Public URL',
          help: 'The address of the site, for links in answers (e.g. https://asmr.example.org). Empty: the address each request used.',
        },
        trustProxy: {
          label: 'Trusted proxies',
          help: 'Addresses or ranges of your reverse proxies, comma-separated (e.g. 127.0.0.1, 10.0.0.0/8). Only their forwarding headers are believed.',
        },
        smtpUrl: {
          label: 'SMTP server',
          help: 'smtp://user:password@host:587. Empty: mail is written to outbox.log in the data folder.',
        },
        mailFrom: { label: 'Sender', help: 'The From of every mail, e.g. Sasayaki <no-reply@example.org>.' },
        backupIntervalHours: {
          label: 'Hours between backups',
          help: 'A backup of the database and the instance secret this often, in the data folder’s backups/ folder (0: none). The Health screen lists them.',
        },
        backupKeep: {
          label: 'Scheduled backups kept',
          help: 'The oldest scheduled backups beyond this number are deleted; backups taken by hand stay until you delete them.',
        },
        metricsToken: {
          label: 'Metrics token',
          help: 'Opens /metrics to a Prometheus elsewhere (Authorization: Bearer …); at least 16 characters. Without it, /metrics answers this host and the trusted proxies only.',
        },
      },
      fromEnv: 'Set by {{env}}',
      isDefault: 'Default value · {{env}} would override it',
      useDefault: 'Use the default',
      secretSet: 'Set',
      secretUnset: 'Not set',
      secretKept: 'Kept; type to replace',
      testMailTo: 'Send a test mail to',
      testMail: 'Send test mail',
      testMailSent: 'Test mail sent.',
      saved: 'Settings saved.',
      discard: 'Discard',
      save_one: 'Save {{count}} change',
      save_other: 'Save {{count}} changes',
    },
  },
};
