import { readTable } from './table';

/** One of the forty services the engineering notes describe. `oldTeam`/`oldStore` mark stale traps. */
export interface Service {
  readonly name: string;
  readonly slug: string;
  readonly purpose: string;
  readonly lang: string;
  readonly store: string;
  /** 0: the service has no port of its own. */
  readonly port: number;
  readonly team: string;
  /** The team that carried the pager before a handover: the runbook was first written with it. */
  readonly oldTeam?: string;
  /** The datastore before a migration: the service page was first written with it. */
  readonly oldStore?: string;
}

// name | slug | purpose | language | datastore | port | team | old team | old datastore
const TABLE = `
Payments | payments | takes card and bank payments from checkout and talks to the acquirers, Adyen and Stripe | Go | PostgreSQL | 8081 | Heron | Falcon
Ledger | ledger | keeps double-entry books for every money movement and is the source of truth for balances | Kotlin | PostgreSQL | 8082 | Falcon
Checkout | checkout | runs the cart-to-order flow on web and mobile | TypeScript | Redis | 3000 | Heron
Billing | billing | generates monthly invoices for business customers and pushes them to the ERP | Python | PostgreSQL | 8084 | Falcon | Lark
Subscriptions | subscriptions | handles plan changes, trials, renewals and cancellations | Ruby | MySQL | 8085 | Lark |  | MongoDB
Tax engine | tax-engine | computes VAT and US sales tax for every order line | Java | rate tables loaded from S3 | 8086 | Falcon | Heron
Fraud scoring | fraud-scoring | scores each payment attempt and blocks the risky ones before capture | Python | Cassandra | 8087 | Falcon
Identity | identity | owns logins, passwords, multi-factor codes and sessions | Go | PostgreSQL | 8088 | Kestrel | Swift
SSO bridge | sso-bridge | connects enterprise customers' identity providers over SAML and OIDC | Go | Redis | 8089 | Kestrel
Search API | search-api | answers product and help-center search behind the storefront | Rust | OpenSearch | 8090 | Puffin |  | Elasticsearch 6
Catalog | catalog | stores product data: titles, variants, images and availability | Kotlin | PostgreSQL | 8091 | Puffin
Pricing | pricing | serves list prices, discounts and promo codes | Go | Redis | 8092 | Heron | Puffin
Inventory sync | inventory-sync | pulls stock levels from the warehouses every five minutes | Python | PostgreSQL | 8093 | Magpie
Shipping quotes | shipping-quotes | returns carrier rates and delivery estimates at checkout | TypeScript | DynamoDB | 8094 | Magpie | Heron
Order history | order-history | serves the orders page in the account area and its API | Java | Cassandra | 8095 | Heron |  | MongoDB
Notifications | notifications | fans order and account events out to email, SMS and push | Go | Kafka | 8096 | Wren
Email delivery | email-delivery | sends transactional email through Amazon SES and handles bounces | Python | PostgreSQL | 8097 | Wren | Ibis
SMS gateway | sms-gateway | sends one-time codes and delivery texts through Twilio and MessageBird | Go | Redis | 8098 | Wren
Push service | push-service | delivers mobile push through APNs and Firebase Cloud Messaging | Elixir | Redis | 8099 | Wren | Kestrel
Recommendations | recommendations | computes the 'you may also like' shelf and basket suggestions | Python | a feature store on BigQuery | 8100 | Puffin
Analytics pipeline | analytics-pipeline | ingests events from the apps into the warehouse | Scala | Kafka and BigQuery | 8101 | Osprey | Plover
Reporting | reporting | builds finance and operations dashboards and scheduled exports | Python | BigQuery | 8102 | Osprey
Feature flags | feature-flags | is the in-house flag service every app reads at start-up | Go | etcd | 8103 | Swift |  | ZooKeeper
API gateway | api-gateway | is the public edge for partner and mobile APIs: routing, authentication and rate limits | Envoy | Redis | 8443 | Swift | Crane
Webhooks | webhooks | delivers signed events to partners, with retries | TypeScript | Amazon SQS | 8105 | Crane
Partner API | partner-api | is the REST API marketplaces use to list and sell our products | Java | PostgreSQL | 8106 | Crane | Puffin
Media resizer | media-resizer | resizes and crops storefront images on the fly | Rust | S3 | 8107 | Puffin
CDN config | cdn-config | holds the edge caching rules and purge tooling for Fastly | Terraform | Fastly | 0 | Swift
Help center | help-center | serves support articles and the contact form | TypeScript | PostgreSQL | 8109 | Ibis
Support desk sync | support-desk-sync | syncs tickets between Zendesk and our customer records | Python | PostgreSQL | 8110 | Ibis | Crane
Chat assistant | chat-assistant | answers order questions in the customer chat before a human takes over | Python | Redis | 8111 | Ibis
Scanner app | scanner-app | is the Android app pickers use in the warehouses, with its sync API | Kotlin | SQLite on the device | 8112 | Magpie
Returns portal | returns-portal | lets customers start a return and print a label | TypeScript | PostgreSQL | 8113 | Magpie | Ibis
Loyalty points | loyalty-points | tracks earning and redeeming of loyalty points | Java | PostgreSQL | 8114 | Lark
Gift cards | gift-cards | issues gift cards and keeps their balances | Go | PostgreSQL | 8115 | Lark | Falcon
Scheduler | scheduler | runs cron-like jobs for every team, with retries and history | Go | PostgreSQL | 8116 | Swift
Secrets vault | secrets-vault | is the HashiCorp Vault cluster that hands out service credentials | HCL | Consul | 8200 | Swift | Kestrel
CI runners | ci-runners | are the self-hosted build runners for GitHub Actions | Terraform | EC2 spot instances | 0 | Swift
Log pipeline | log-pipeline | ships logs from every pod to the log store | Vector | OpenSearch | 8686 | Plover | Osprey
Metrics stack | metrics-stack | is Prometheus, Thanos and Grafana for every service | Go | object storage | 9090 | Plover
`;

export const SERVICES: readonly Service[] = readTable(TABLE).map(
  ([name = '', slug = '', purpose = '', lang = '', store = '', port = '0', team = '', oldTeam, oldStore]) => ({
    name,
    slug,
    purpose,
    lang,
    store,
    port: Number(port),
    team,
    oldTeam: oldTeam || undefined,
    oldStore: oldStore || undefined,
  }),
);
