import type { Draft } from '../corpusTypes';
import { PEOPLE } from './people';
import { isoDay, type Picker } from './random';
import { readTable } from './table';

interface Incident {
  readonly service: string;
  readonly symptom: string;
  readonly impact: string;
  readonly cause: string;
  readonly fix: string;
  /** How a person would ask about it without the note's words. */
  readonly asked: string;
}

// service | symptom | impact | root cause | fix | how a person would ask without the note's words
const INCIDENTS: readonly Incident[] = readTable(`
Payments | double charges | about 1,900 customers saw two card charges for one order | a retry on a timed-out capture reused a fresh idempotency key instead of the original one | refunded the duplicates and made retries reuse the stored key | why were some shoppers billed twice for the same order
Ledger | balance drift | merchant balances were off by small amounts for six hours | a currency rounding change in a library upgrade rounded half-even instead of half-up | pinned the rounding mode and replayed the affected journal entries | merchant totals were a few cents wrong, what happened
Checkout | blank cart page | the cart page rendered empty for Safari users for 40 minutes | a polyfill was dropped from the bundle and an optional-chaining call failed in older Safari | restored the polyfill and added Safari 15 to the browser test matrix | iPhone shoppers could not see their basket
Billing | missing invoices | around 300 business customers got no monthly invoice on the 1st | the invoice cron ran twice during the daylight saving change and the second run marked the batch as sent | made the job idempotent on the billing period and re-sent the batch | some companies never received their monthly bill
Subscriptions | renewals skipped | annual renewals were not charged for two days | a feature flag default flipped to off during a deploy of the flag service | set the flag explicitly and charged the skipped renewals | yearly plans did not renew for a couple of days
Tax engine | wrong VAT in Austria | orders to Austria were charged 19% VAT instead of 20% | the rate table in S3 was overwritten with the German table by a copy-paste in the upload script | restored the table from versioned S3 and added a checksum per country | customers in Vienna paid the wrong sales tax
Fraud scoring | legitimate cards declined | about 4% of good payments were declined for three hours | a new model was shipped with features scaled differently from training | rolled back the model and added a shadow period before any model goes live | honest buyers kept getting their cards refused
Identity | login loop | users were sent back to the login page after signing in | clock skew of two minutes on one node made freshly issued tokens look like they came from the future | enabled chrony on the node pool and allowed 30 seconds of leeway | people could not stay signed in, kept bouncing to sign-in
SSO bridge | SAML logins failing | employees of three enterprise customers could not sign in | a customer's identity provider rotated its signing certificate and we had pinned the old one | switched to reading certificates from the metadata URL every hour | enterprise staff locked out after their IdP changed keys
Search API | empty search results | searches returned nothing for 25 minutes | an index alias was swapped to a half-built index by the nightly reindex job | the job now checks document counts before swapping the alias | the shop search box found nothing at all
Catalog | stale product images | new product photos did not show for a day | cache keys for images ignored the version field, so the CDN kept serving old copies | added the version to the cache key and purged the image paths | updated product pictures would not appear on the site
Pricing | promo code stacking | customers combined two promo codes that were meant to exclude each other | the exclusion check ran per line item instead of per basket | moved the check to basket level and voided the stacked orders over 100 EUR | people got two discounts at once
Inventory sync | overselling | we sold 420 items that were out of stock | one warehouse's feed stopped updating and the sync kept the last known levels without marking them stale | levels older than 30 minutes now count as zero | we took orders for things we did not have
Shipping quotes | delivery estimates off by a week | checkout promised delivery a week later than the carriers did | the public holiday calendar for 2025 was missing, so every day counted as a holiday | loaded the calendar and alert when next year is missing by November | the site told customers their parcels would take far too long
Order history | orders page timeouts | the orders page timed out for customers with many orders | a query lost its partition key after a refactor and scanned the whole table | restored the key and added a query budget test | the my-orders screen was extremely slow for loyal customers
Notifications | duplicate emails | customers got the shipping email three to five times | the Kafka consumer group kept rebalancing because processing took longer than the poll interval | raised max.poll.interval.ms and made sends idempotent per event id | people received the same dispatch message several times
Email delivery | bounces not recorded | bounced addresses kept receiving mail and our sender score dropped | the SNS subscription for bounce notices expired after an AWS account move | recreated the subscription in Terraform and alert on zero bounces per hour | our mail reputation went down because dead addresses were still mailed
SMS gateway | one-time codes delayed | login codes by text arrived up to ten minutes late in Brazil | the primary provider throttled us after a traffic spike and failover was disabled | turned failover back on and split traffic 70/30 between providers | people in Brazil waited ages for their verification text
Push service | push notifications silent on iOS | iOS users got no push for half a day | the APNs auth key was revoked when a former employee’s developer account was closed | moved the key to the company account and stored it in Secrets vault | iPhones stopped receiving app alerts
Recommendations | same product shown everywhere | the 'you may also like' shelf showed one kettle to everybody | a feature pipeline wrote nulls and the model fell back to the global top seller | added null-rate checks to the feature pipeline | every customer saw the identical suggestion
Analytics pipeline | events dropped | about 8% of app events were lost for two days | a schema change made the consumer reject events with a new optional field | made unknown fields pass through and replayed from the raw bucket | dashboards undercounted app usage for two days
Reporting | finance export wrong currency | the monthly finance export listed USD amounts as EUR | a join used the shop currency instead of the transaction currency | fixed the join and re-sent the export to finance | the accountants got numbers in the wrong money
Feature flags | all flags off | every app read all flags as off for twelve minutes | the etcd cluster lost quorum during a rolling node upgrade of two members at once | upgrade one member at a time and added a quorum check to the runbook | all experiments and toggles suddenly switched off
API gateway | partner requests rejected | partners got 401 responses for an hour | a key rotation published the new JWKS before the gateway cache had expired | publish new keys a day before signing with them | marketplaces could not call us, authentication errors
Webhooks | webhook storm | one partner received 2 million retries in an hour | retries had no jitter and no cap after the partner returned 500s | exponential backoff with jitter, capped at 24 hours | we flooded a partner endpoint with repeated deliveries
Partner API | listing prices not updating | marketplace prices lagged our own by a day | the outbound price feed job was paused during a migration and never resumed | alert when the feed has not run for two hours | prices on the marketplaces were out of date
Media resizer | images upside down | some phone photos appeared rotated on product pages | the new decoder ignored EXIF orientation tags | apply orientation before resizing and re-render affected images | pictures taken on phones showed sideways
CDN config | checkout cached | a logged-in customer's checkout page was served from cache to others | a caching rule matched /checkout because of a missing anchor in the path pattern | anchored the pattern, purged everything and added a test for private paths | one customer could see another person’s basket
Help center | contact form spam | the support queue got 30,000 spam tickets in a night | the captcha was disabled for a load test and not re-enabled | the load test profile can no longer change captcha settings | support was flooded with junk messages overnight
Support desk sync | tickets attached to wrong customers | about 200 tickets were linked to the wrong customer record | matching by email ignored case and two accounts shared an address with different capitalisation | match on customer id first and flag case-only differences | agents saw tickets under the wrong person
Chat assistant | bot promised refunds | the chat bot told customers they would get refunds they were not eligible for | a prompt change removed the instruction to check the returns window | restored the instruction and added evaluation cases for refund questions | the chatbot was giving away money it should not
Scanner app | pickers logged out | warehouse scanners logged out every 15 minutes | the sync API shortened token lifetime without updating the refresh logic on the devices | restored the old lifetime and shipped a client that refreshes early | warehouse devices kept kicking staff out
Returns portal | return labels not generated | customers could not print return labels for a weekend | the carrier sandbox URL was left in production config after a test | moved carrier URLs into per-environment config with a startup check | nobody could send their parcel back over the weekend
Loyalty points | points awarded twice | points were credited twice for orders placed during a deploy | the event handler was not idempotent and the deploy replayed a batch | made crediting idempotent per order and reversed duplicates | members got double rewards
Gift cards | negative balances | a handful of gift cards went below zero | two redemptions raced without a row lock | redeem inside a transaction with SELECT FOR UPDATE | some vouchers ended up overdrawn
Scheduler | jobs ran twice | many scheduled jobs ran twice after a failover | both scheduler replicas believed they held the leader lease because the lease TTL was longer than the failover timeout | shortened the lease and fence jobs with a lease generation | cron jobs executed double after the switchover
Secrets vault | vault sealed | services could not fetch credentials for 35 minutes | an automatic restart after a kernel patch left Vault sealed and auto-unseal was not configured on the new node | configured KMS auto-unseal on every node | apps could not get their passwords from the secret store
CI runners | builds stuck queued | builds waited up to an hour for a runner | spot instances were reclaimed in one zone and the autoscaler only used that zone | spread runners across three zones and add on-demand fallback | pull requests sat waiting for CI forever
Log pipeline | logs missing | application logs were missing for four hours | the log store disk filled because retention was not applied to a new index pattern | applied retention to all patterns and alert at 75% disk | we had a gap in logging and could not debug
Metrics stack | dashboards blank | Grafana dashboards showed no data for 50 minutes | a Thanos compactor held a lock on a corrupted block and queries timed out | deleted the block and added a compactor halt alert | graphs were empty during an outage
`).map(([service = '', symptom = '', impact = '', cause = '', fix = '', asked = '']) => ({
  service,
  symptom,
  impact,
  cause,
  fix,
  asked,
}));

/** One postmortem per incident; a share of them get a content or a paraphrased question. */
export function incidentDrafts(pick: Picker): Draft[] {
  return INCIDENTS.map((incident) => {
    const day = isoDay(pick.int(0, 700));
    const detected = `${String(pick.int(0, 23)).padStart(2, '0')}:${String(pick.int(0, 59)).padStart(2, '0')}`;
    const queries: Array<Draft['queries'][number]> = [];
    const roll = pick.int(0, 9);
    if (roll < 3) queries.push({ kind: 'paraphrase-ish', query: incident.asked });
    else if (roll < 5)
      queries.push({
        kind: 'content',
        query: `root cause of the ${incident.service.toLowerCase()} ${incident.symptom}`,
      });
    else if (roll < 6) queries.push({ kind: 'title', query: `${incident.service} ${incident.symptom} postmortem` });
    return {
      path: `Engineering/Incidents/${day} ${incident.service} ${incident.symptom}.md`,
      text: [
        `Summary: ${incident.impact}. Severity ${pick.pick(['SEV1', 'SEV2', 'SEV2', 'SEV3'])}; incident commander ${pick.pick(PEOPLE)}.`,
        `Timeline: detected at ${detected} UTC by ${pick.pick(['an alert', 'a customer report in support', 'a teammate in #incidents', 'the synthetic checks'])}; mitigated ${pick.int(10, 90)} minutes later; resolved the next ${pick.pick(['morning', 'afternoon', 'day'])}.`,
        `Root cause: ${incident.cause}.`,
        `Fix: ${incident.fix}.`,
        `What went well: ${pick.pick(['the rollback took two minutes', 'support had a macro ready within the hour', 'the on-call found the right dashboard quickly', 'customers were told early on the status page'])}. What went badly: ${pick.pick(['the alert fired 40 minutes after customers noticed', 'nobody knew who owned the job', 'the runbook pointed to a dashboard that no longer exists', 'we paged the wrong team first'])}.`,
        `Action items: ${pick.pick(PEOPLE)} adds a regression test; ${pick.pick(PEOPLE)} updates the runbook; review in the next ${incident.service} weekly.`,
      ],
      queries,
    };
  });
}
