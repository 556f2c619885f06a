/** Seeded accounts: the demo account and a few members who played the contest games. */
import type { FacturationAddress } from '@guichet/contracts';

export const DEMO_ACCOUNT = {
  email: 'demo@guichet.test',
  password: 'demo-guichet-2026',
  firstname: 'Camille',
} as const;

/**
 * The demo's organiser on the pro site: owner of every demo organiser, address confirmed. Its own purchases are
 * none; it signs in at the pro site only (the public site's session is another one).
 */
export const PRO_DEMO_ACCOUNT = {
  email: 'pro@guichet.test',
  password: 'pro-guichet-2026',
  firstname: 'Claire',
} as const;

/**
 * The demo's door scanner (issue 26): SCANNER of every demo organiser and of the deals' partner — the door
 * control pages and nothing else of the pro site.
 */
export const SCANNER_DEMO_ACCOUNT = {
  email: 'controle@guichet.test',
  password: 'controle-guichet-2026',
  firstname: 'Yanis',
} as const;

/** The demo's platform administrator (the editorial back office of the pro site). */
export const ADMIN_DEMO_ACCOUNT = {
  email: 'admin@guichet.test',
  password: 'admin-guichet-2026',
  firstname: 'Samir',
} as const;

/** Shared by the other seeded members. */
export const MEMBER_PASSWORD = 'guichet-demo-2026';

export type UserSeed = {
  /** Key used by contests.ts for participations. */
  key: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phone: string | null;
  facturationAddress: FacturationAddress | null;
  /** Days before the seeding day the account was created. */
  daysAgo: number;
  /** Owner of every demo organiser on the pro site. */
  ownsDemoOrganizers?: true;
  /** Scanner of every demo organiser and of the deals' partner. */
  scansDemoOrganizers?: true;
  platformAdmin?: true;
};

export const USERS: UserSeed[] = [
  {
    key: 'demo',
    firstname: DEMO_ACCOUNT.firstname,
    lastname: 'Martin',
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    phone: '0612345678',
    facturationAddress: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
    daysAgo: 200,
  },
  {
    key: 'lea',
    firstname: 'Léa',
    lastname: 'Dubois',
    email: 'lea.dubois@guichet.test',
    password: MEMBER_PASSWORD,
    phone: '0623456789',
    facturationAddress: { street: '4 place du Capitole', postalCode: '31000', city: 'Toulouse', country: 'France' },
    daysAgo: 150,
  },
  {
    key: 'hugo',
    firstname: 'Hugo',
    lastname: 'Bernard',
    email: 'hugo.bernard@guichet.test',
    password: MEMBER_PASSWORD,
    phone: null,
    facturationAddress: { street: '27 rue Sainte-Catherine', postalCode: '33000', city: 'Bordeaux', country: 'France' },
    daysAgo: 120,
  },
  {
    key: 'ines',
    firstname: 'Inès',
    lastname: 'Moreau',
    email: 'ines.moreau@guichet.test',
    password: MEMBER_PASSWORD,
    phone: '0634567890',
    facturationAddress: null,
    daysAgo: 95,
  },
  {
    key: 'lucas',
    firstname: 'Lucas',
    lastname: 'Petit',
    email: 'lucas.petit@guichet.test',
    password: MEMBER_PASSWORD,
    phone: null,
    facturationAddress: { street: 'Rue Neuve 45', postalCode: '1000', city: 'Bruxelles', country: 'Belgique' },
    daysAgo: 80,
  },
  {
    key: 'pro',
    firstname: PRO_DEMO_ACCOUNT.firstname,
    lastname: 'Lefèvre',
    email: PRO_DEMO_ACCOUNT.email,
    password: PRO_DEMO_ACCOUNT.password,
    phone: '0645678901',
    facturationAddress: null,
    daysAgo: 400,
    ownsDemoOrganizers: true,
  },
  {
    key: 'controle',
    firstname: SCANNER_DEMO_ACCOUNT.firstname,
    lastname: 'Roche',
    email: SCANNER_DEMO_ACCOUNT.email,
    password: SCANNER_DEMO_ACCOUNT.password,
    phone: null,
    facturationAddress: null,
    daysAgo: 30,
    scansDemoOrganizers: true,
  },
  {
    key: 'admin',
    firstname: ADMIN_DEMO_ACCOUNT.firstname,
    lastname: 'Haddad',
    email: ADMIN_DEMO_ACCOUNT.email,
    password: ADMIN_DEMO_ACCOUNT.password,
    phone: null,
    facturationAddress: null,
    daysAgo: 500,
    platformAdmin: true,
  },
];
