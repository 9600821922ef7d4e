import type { Draft } from '../corpusTypes';
import { PEOPLE, TEAMS } from './people';
import { isoDay, type Picker } from './random';

interface Project {
  readonly name: string;
  readonly goal: string;
  readonly metric: string;
  readonly asked?: string;
}

const PROJECTS: readonly Project[] = [
  p(
    'Project Lighthouse',
    'replace the old storefront with a server-rendered one',
    'largest contentful paint under 1.8 seconds on mobile',
    'the effort to make the shop load faster on phones',
  ),
  p('Wallet', 'let customers keep a stored balance for refunds and gift cards', '10% of refunds paid into the wallet'),
  p(
    'Klarna rollout',
    'offer pay-later in Germany, Austria and the Netherlands',
    'pay-later at 8% of orders in those countries',
    'buy now pay later launch',
  ),
  p('Warehouse Poland', 'open a third fulfilment centre near Poznań', 'two-day delivery to 90% of Polish addresses'),
  p(
    'Search relevance 2025',
    'move product search to learning-to-rank',
    'search conversion up 5%',
    'making the shop search return better products',
  ),
  p(
    'Ledger v2',
    'split the ledger per legal entity and move it to event sourcing',
    'month-end close in one day instead of four',
  ),
  p(
    'Passkeys',
    'let customers sign in with passkeys instead of passwords',
    '30% of app logins with passkeys',
    'passwordless login with fingerprint or face',
  ),
  p('Returns automation', 'approve simple returns without an agent', 'two thirds of returns approved automatically'),
  p(
    'Carbon-neutral shipping',
    'offset or cut the emissions of every parcel',
    'reported emissions per parcel on the order page',
    'greener deliveries',
  ),
  p(
    'Kafka migration',
    'move from the self-hosted Kafka cluster to the managed service',
    'no self-hosted brokers left by the end of Q3',
  ),
  p(
    'Mobile app rewrite',
    'rebuild the iOS and Android apps in React Native',
    'one codebase and crash-free sessions above 99.8%',
  ),
  p('Marketplace expansion', 'list the catalogue on two new marketplaces', '15% of revenue through marketplaces'),
  p(
    'Cost reduction 2025',
    'cut the cloud bill by a fifth',
    'monthly cloud cost below 310,000 EUR',
    'spending less on AWS',
  ),
  p(
    'Accessibility audit',
    'make the shop meet WCAG 2.2 AA',
    'no open AA findings from the external audit',
    'making the website usable with screen readers',
  ),
  p('Subscriptions for consumables', 'sell coffee beans and filters on a subscription', '20,000 active subscriptions'),
  p('Fraud model v3', 'retrain fraud scoring with device signals', 'chargebacks under 0.1% of volume'),
  p(
    'Observability consolidation',
    'move every service from Datadog to the in-house metrics stack and Tempo',
    'Datadog contract ended',
    'getting rid of datadog',
  ),
  p(
    'Developer portal',
    'one place for service pages, runbooks and API docs',
    'every service with an owner and a runbook link',
  ),
  p(
    'Same-day delivery Berlin',
    'offer same-day delivery in Berlin with a courier partner',
    'same-day for orders before 12:00',
  ),
  p(
    'Customer chat v2',
    'let the chat assistant handle returns and order changes',
    'half of chats closed without an agent',
  ),
  p('GDPR tooling', 'automate access and deletion requests', 'every request done within 30 days, most within two'),
  p(
    'Price experiments',
    'run price tests safely with guardrails',
    'ten experiments per quarter without a pricing incident',
  ),
  p('Zero-downtime deploys', 'remove the maintenance window from database migrations', 'no maintenance page in 2025'),
  p(
    'Loyalty tiers',
    'add silver and gold tiers to the points programme',
    'repeat purchase rate up 4 points',
    'rewarding our best customers more',
  ),
  p('B2B invoicing', 'let business customers pay on 30-day invoices', '5% of revenue from business accounts'),
  p('Image pipeline', 'serve AVIF and WebP with smart cropping', 'image bytes per page down 40%'),
  p(
    'Incident tooling',
    'run incidents from a Slack bot with timelines',
    'postmortems drafted automatically from the timeline',
  ),
  p(
    'Catalogue data quality',
    'fill missing attributes with supplier feeds',
    '95% of products with complete attributes',
  ),
  p(
    'Multi-currency',
    'show and charge prices in GBP, PLN and SEK',
    'local currency checkout in all twelve countries',
    'paying in pounds or zloty',
  ),
  p('Partner webhooks v2', 'ordered, signed webhooks with replay', 'partner complaints about webhooks down by half'),
  p(
    'Data warehouse cost',
    'cut BigQuery spend with partitioning and slot reservations',
    'warehouse bill below 40,000 EUR a month',
  ),
  p(
    'Security champions',
    'one trained security champion in every team',
    'twelve champions and a quarterly threat-model review',
  ),
  p(
    'Delivery slots',
    'let customers choose a two-hour delivery slot in big cities',
    'slot bookings on 25% of eligible orders',
  ),
  p(
    'Help center search',
    'make help articles findable from the chat and the contact form',
    'contact rate per order down 10%',
  ),
  p(
    'Scanner app offline mode',
    'let pickers keep working when the warehouse wifi drops',
    'no picking stops longer than a minute',
  ),
];

function p(name: string, goal: string, metric: string, asked?: string): Project {
  return { name, goal, metric, asked };
}

/** One page per project. */
export function projectDrafts(pick: Picker): Draft[] {
  return PROJECTS.map((project) => {
    const start = pick.int(200, 600);
    const queries: Array<Draft['queries'][number]> = [];
    if (project.asked && pick.chance(0.7)) queries.push({ kind: 'paraphrase-ish', query: project.asked });
    else if (pick.chance(0.15))
      queries.push({ kind: 'content', query: `goal and success metric of ${project.name.toLowerCase()}` });
    return {
      path: `Projects/${project.name}.md`,
      text: [
        `Goal: ${project.goal}. Success means ${project.metric}.`,
        `Team ${pick.pick(TEAMS).name} leads, with help from Team ${pick.pick(TEAMS).name}. Sponsor: ${pick.pick(PEOPLE)}; project lead: ${pick.pick(PEOPLE)}.`,
        `Milestones: discovery done ${isoDay(start)}; first customers ${isoDay(start + pick.int(40, 90))}; general availability planned for ${isoDay(start + pick.int(120, 220))}.`,
        `Status: ${pick.pick(['on track', 'at risk because of a hiring gap', 'paused until the budget review', 'on track, scope cut to the web shop first', 'delayed by four weeks after a vendor change'])}. Weekly updates go to #${project.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.`,
        `Out of scope: ${pick.pick(['the mobile apps', 'marketplaces', 'business customers', 'countries outside the EU', 'changes to the ledger'])}.`,
      ],
      queries,
    };
  });
}
