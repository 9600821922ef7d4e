import type { Draft } from '../corpusTypes';
import { PEOPLE, TEAMS } from './people';
import { isoDay, type Picker } from './random';

/** Onboarding pages, written by hand. */
const ONBOARDING: readonly Draft[] = [
  o(
    'First week checklist',
    [
      'Day one: collect your laptop from IT, sign in to Okta and set up 1Password and a YubiKey. Your buddy takes you to lunch.',
      'By Wednesday: read the engineering handbook, join #general, #incidents, #deploys and your team channel, and ship a one-line change to the handbook.',
      'By Friday: pair with your buddy on a real ticket and book 1:1s with your manager and product manager.',
    ],
    [{ kind: 'paraphrase-ish', query: 'what should a new starter get done in their first few days' }],
  ),
  o(
    'Laptop setup',
    [
      'Laptops arrive enrolled in Jamf. Run the setup script from Self Service: it installs Homebrew, Docker, the ops toolbox and the VPN client.',
      'Turn on FileVault if the script did not, and never disable the endpoint agent; IT will lock a laptop without it.',
    ],
    [{ kind: 'content', query: 'jamf self service setup script' }],
  ),
  o(
    'Engineering handbook',
    [
      'The handbook explains how we plan (six-week cycles with a two-week cool-down), how we review code and how incidents work.',
      'Changes to the handbook are pull requests like any other; anyone can propose one.',
    ],
    [{ kind: 'paraphrase-ish', query: 'how long are our planning cycles' }],
  ),
  o(
    'Who to ask for what',
    [
      'IT and laptops: #it-help. Payroll and contracts: People Ops in #ask-people. Access to systems: the Access portal. Expenses: #finance-questions.',
      'Production problems: #incidents, never a direct message. Product questions: the product manager of the team that owns the feature.',
    ],
    [{ kind: 'content', query: 'which channel for payroll questions' }],
  ),
  o(
    'Buddy programme',
    [
      'Every new starter gets a buddy from another team for the first three months. Buddies meet weekly for half an hour and are the first stop for questions that feel too small to ask elsewhere.',
      'Buddies get two learning days per new starter as a thank-you.',
    ],
    [{ kind: 'title', query: 'buddy programme' }],
  ),
  o(
    'Glossary',
    [
      'PSP: payment service provider. Capture: taking the money after an authorisation. SKU: a product variant. Pick, pack, ship: the three warehouse steps.',
      'Cool-down: the two weeks after a planning cycle for fixes and small ideas. IC: incident commander.',
    ],
    [{ kind: 'content', query: 'what does PSP stand for' }],
  ),
  o(
    'Product overview for new starters',
    [
      'We sell home and kitchen products in twelve European countries through our own shop, the mobile apps and marketplaces.',
      'About 60% of orders come from the apps. Most customers pay by card; in the Netherlands and Germany bank transfers and invoices are common.',
    ],
    [{ kind: 'paraphrase-ish', query: 'which countries do we sell in' }],
  ),
  o(
    'Architecture tour',
    [
      'Requests enter through the CDN and the API gateway, reach the storefront and checkout services, and money flows through Payments into the Ledger.',
      'Events go to Kafka and from there into the warehouse. Every service has an overview page under Engineering/Services.',
    ],
    [{ kind: 'title', query: 'architecture tour for newcomers' }],
  ),
  o(
    'Setting up your development environment',
    [
      'After the laptop script, clone the monorepo and run make bootstrap. Editor settings for VS Code and IntelliJ live in the repository.',
      'Ask your buddy to add you to the GitHub team of your squad so reviews get routed to you.',
    ],
    [],
  ),
  o(
    'Payroll and benefits',
    [
      'Salaries are paid on the 25th of each month. Payslips are in Personio.',
      'Benefits: pension contribution of 5%, private health insurance after probation, a public transport ticket or a bike lease.',
      'Changes to your bank details must reach People Ops by the 15th to apply to that month.',
    ],
    [{ kind: 'paraphrase-ish', query: 'what day does salary land in my account' }],
  ),
];

function o(title: string, text: string[], queries: Draft['queries']): Draft {
  return { path: `Onboarding/${title}.md`, text, queries };
}

interface Office {
  readonly city: string;
  readonly address: string;
  readonly wifi: string;
  readonly oldWifi?: string;
  readonly lunch: string;
}

const OFFICES: readonly Office[] = [
  {
    city: 'Berlin',
    address: 'Torstraße 118, 3rd floor',
    wifi: 'Network "Baalda-Staff", password rotates monthly and is on the screen at reception.',
    oldWifi: 'Network "TorstrasseGuest", password kestrel2023 written on the fridge.',
    lunch: 'Lunch is catered on Tuesdays and Thursdays.',
  },
  {
    city: 'Amsterdam',
    address: 'Keizersgracht 402',
    wifi: 'Network "Baalda-Staff" with your SSO login; guests use "Baalda-Guest".',
    lunch: 'The canteen on the ground floor is free for us.',
  },
  {
    city: 'Lisbon',
    address: 'Rua do Alecrim 45',
    wifi: 'Network "Baalda-Staff" with your SSO login.',
    oldWifi: 'Network "Alecrim45", password sardinha-lisboa.',
    lunch: 'We get meal vouchers of 9 EUR per day.',
  },
  {
    city: 'London',
    address: '21 Leonard Street, Shoreditch',
    wifi: 'Network "Baalda-Staff" with your SSO login; guests register at the front desk.',
    lunch: 'Breakfast is provided every day until 10:00.',
  },
  {
    city: 'Warsaw',
    address: 'ul. Prosta 36',
    wifi: 'Network "Baalda-Staff" with your SSO login.',
    oldWifi: 'Network "Prosta-Office", password pierogi77.',
    lunch: 'Lunch is catered on Wednesdays.',
  },
  {
    city: 'Madrid',
    address: 'Calle de Alcalá 96',
    wifi: 'Network "Baalda-Staff" with your SSO login.',
    lunch: 'There is a fruit and coffee budget, no catered lunch.',
  },
];

function officeDraft(office: Office, pick: Picker): Draft {
  const now = `Wifi: ${office.wifi}`;
  const queries: Array<Draft['queries'][number]> = [];
  if (office.oldWifi) {
    const oldName = /"([^"]+)"/.exec(office.oldWifi)?.[1] ?? '';
    queries.push({
      kind: 'stale-trap',
      query: pick.chance(0.5)
        ? `${office.city.toLowerCase()} office wifi password`
        : `is ${oldName} still the wifi in ${office.city}?`,
    });
  } else if (pick.chance(0.5)) queries.push({ kind: 'content', query: `address of the ${office.city} office` });
  return {
    path: `Offices/${office.city}.md`,
    text: [
      `The ${office.city} office is at ${office.address}. Office manager: ${pick.pick(PEOPLE)}.`,
      now,
      `${office.lunch} Badges are collected from the office manager on your first day.`,
      `Bikes go in the courtyard; there are ${pick.int(2, 8)} desks bookable through Envoy for visitors from other offices.`,
    ],
    stale: office.oldWifi ? [{ old: `Wifi: ${office.oldWifi}`, now }] : undefined,
    queries,
  };
}

function teamDraft(team: (typeof TEAMS)[number], pick: Picker): Draft {
  const members = pick.sample(PEOPLE, 6);
  return {
    path: `Teams/Team ${team.name}.md`,
    text: [
      `Team ${team.name} owns ${team.mission}.`,
      `Engineering manager: ${members[0]}. Product manager: ${members[1]}. Engineers: ${members.slice(2).join(', ')}.`,
      `Channel: #team-${team.name.toLowerCase()}. Stand-up at ${pick.pick(['09:30', '09:45', '10:00', '10:15'])} on weekdays, weekly sync on ${pick.pick(['Mondays', 'Tuesdays', 'Wednesdays'])}, retro every second Friday.`,
      `Working agreement last updated ${isoDay(pick.int(300, 700))}: office days are ${pick.pick(['Tuesday and Thursday', 'Monday and Wednesday', 'Wednesday and Thursday'])}.`,
    ],
    queries: pick.chance(0.25) ? [{ kind: 'content', query: `who manages team ${team.name.toLowerCase()}` }] : [],
  };
}

/** Onboarding pages, office pages and team pages. */
export function peopleDrafts(pick: Picker): Draft[] {
  return [
    ...ONBOARDING,
    ...OFFICES.map((office) => officeDraft(office, pick)),
    ...TEAMS.map((team) => teamDraft(team, pick)),
  ];
}
