import type { Draft } from '../corpusTypes';
import { CUSTOMER_PREFIXES, CUSTOMER_SUFFIXES, PEOPLE } from './people';
import { isoDay, type Picker } from './random';

const CHAMPION_ROLES = ['Head of Operations', 'CFO', 'IT Director', 'Procurement Lead', 'COO', 'E-commerce Manager'];
const ISSUES = [
  'they want invoices split per cost centre',
  'their finance team asks for a PEPPOL e-invoice format',
  'they reported slow order exports in the partner portal',
  'single sign-on through their Azure AD is not set up yet',
  'they asked for a volume discount above 1,000 orders a month',
  'their warehouse needs delivery before 08:00',
  'they complained about damaged parcels in the last quarter',
  'they want a dedicated account manager call every month',
];

/** One page per business customer, 60 of them. */
export function accountDrafts(pick: Picker): Draft[] {
  const names = CUSTOMER_PREFIXES.flatMap((prefix) => CUSTOMER_SUFFIXES.map((suffix) => `${prefix} ${suffix}`));
  return pick.sample(names, 60).map((name) => {
    const renewal = isoDay(pick.int(500, 1000));
    const champion = pick.pick(PEOPLE.slice(20));
    const role = pick.pick(CHAMPION_ROLES);
    const queries: Array<Draft['queries'][number]> = [];
    const roll = pick.int(0, 19);
    if (roll < 2) queries.push({ kind: 'content', query: `when is the ${name} renewal` });
    else if (roll < 4) queries.push({ kind: 'content', query: `who is our main contact at ${name}` });
    else if (roll < 5) queries.push({ kind: 'title', query: `${name.toLowerCase()} account` });
    return {
      path: `Sales/Accounts/${name}.md`,
      text: [
        `${name} buys on the ${pick.pick(['Business', 'Business Plus', 'Enterprise'])} plan with ${pick.int(3, 120) * 10} seats. Contract renews on ${renewal}; notice period ${pick.pick(['60', '90'])} days.`,
        `Champion: ${champion}, ${role}. Account executive: ${pick.pick(PEOPLE.slice(0, 20))}; customer success: ${pick.pick(PEOPLE.slice(0, 20))}.`,
        `Open topics: ${pick.pick(ISSUES)}; ${pick.pick(ISSUES)}.`,
        `Health: ${pick.pick(['green', 'green', 'amber, usage dropped 20% since summer', 'red, escalation open with support'])}. Last business review ${isoDay(pick.int(400, 700))}.`,
      ],
      queries,
    };
  });
}
