/** The company the corpus describes: teams, people, offices, customers. Invented, stable. */

export interface Team {
  readonly name: string;
  readonly mission: string;
}

export const TEAMS: readonly Team[] = [
  { name: 'Falcon', mission: 'payments, ledger and everything that moves money' },
  { name: 'Heron', mission: 'checkout, pricing and the cart' },
  { name: 'Osprey', mission: 'data platform: event pipeline, warehouse and reporting' },
  { name: 'Kestrel', mission: 'identity, single sign-on and account security' },
  { name: 'Wren', mission: 'messaging: email, SMS and push notifications' },
  { name: 'Puffin', mission: 'the storefront, search and product catalog' },
  { name: 'Magpie', mission: 'fulfilment: inventory, shipping and the warehouse apps' },
  { name: 'Swift', mission: 'developer platform: CI, deploys, secrets and feature flags' },
  { name: 'Plover', mission: 'observability: logs, metrics and alerting' },
  { name: 'Ibis', mission: 'customer support tooling and the help center' },
  { name: 'Crane', mission: 'partner integrations, the partner API and webhooks' },
  { name: 'Lark', mission: 'loyalty, gift cards and retention experiments' },
];

export const PEOPLE: readonly string[] = [
  'Amara Okafor',
  'Bruno Lindqvist',
  'Chen Wei',
  'Dana Whitfield',
  'Emeka Obi',
  'Fatima Zahra Benali',
  'Greta Holm',
  'Hiro Tanaka',
  'Ines Duarte',
  'Jonas Becker',
  'Kavya Iyer',
  'Liam Gallagher',
  'Mei Lin',
  'Nadia Petrova',
  'Omar Haddad',
  'Priya Nair',
  'Quentin Blanc',
  'Rosa Alvarez',
  'Sven Eriksen',
  'Tomasz Nowak',
  'Uma Reddy',
  'Victor Mensah',
  'Wanjiru Kamau',
  'Xavier Dubois',
  'Yusuf Demir',
  'Zoe Fischer',
  'Aleksander Wojcik',
  'Beatriz Santos',
  'Callum Reid',
  'Deepa Krishnan',
  'Elif Yilmaz',
  'Farid Rahimi',
  'Giulia Conti',
  'Hannah Moore',
  'Ivan Horvat',
  'Julia Kowalska',
  'Kofi Asante',
  'Lucia Romero',
  'Mateo Silva',
  'Noor Khalil',
];

export const CUSTOMER_PREFIXES: readonly string[] = [
  'Northwind',
  'Bluefin',
  'Copperleaf',
  'Driftwood',
  'Evergreen',
  'Foxglove',
  'Granite',
  'Harbor',
  'Ironbark',
  'Juniper',
  'Kingfisher',
  'Lighthouse',
  'Meadowlark',
  'Nimbus',
  'Orchard',
  'Pinecone',
  'Quarry',
  'Redwood',
  'Saltmarsh',
  'Thistle',
];

export const CUSTOMER_SUFFIXES: readonly string[] = ['Logistics', 'Outfitters', 'Pharmacy', 'Grocers', 'Bikes'];
