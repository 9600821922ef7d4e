import type { Draft } from '../corpusTypes';

/** Company policies, written by hand. A `stale` pair is the paragraph before and after its last change. */
export const POLICIES: readonly Draft[] = [
  {
    path: 'Company/Policies/Travel and expenses.md',
    text: [
      'Book travel through the company travel desk at least 14 days ahead when you can; flights over six hours may be booked in premium economy.',
      'Hotels are capped at 220 EUR per night in London, Paris and New York and 150 EUR per night elsewhere, breakfast included.',
      'Meals are reimbursed at cost up to 60 EUR per day; alcohol is never reimbursed. Keep every receipt and submit the claim in Expensify within 30 days of the trip.',
      'Trains are preferred over flights for trips under four hours door to door.',
    ],
    stale: [
      {
        old: 'Hotels are capped at 180 EUR per night in London, Paris and New York and 120 EUR per night elsewhere, breakfast included.',
        now: 'Hotels are capped at 220 EUR per night in London, Paris and New York and 150 EUR per night elsewhere, breakfast included.',
      },
    ],
    queries: [
      { kind: 'stale-trap', query: 'hotel cap is 180 EUR a night in London right?' },
      { kind: 'paraphrase-ish', query: 'how much can I spend on food per day when I am on a business trip' },
    ],
  },
  {
    path: 'Company/Policies/Remote work.md',
    text: [
      'Everyone may work from home up to three days a week; teams agree on shared office days in their working agreement.',
      'Working from another country is allowed for up to 45 days per calendar year after People Ops has checked tax and visa rules. Ask at least three weeks before you go.',
      'The company pays a home office allowance of 500 EUR once and 30 EUR per month for internet.',
    ],
    stale: [
      {
        old: 'Working from another country is allowed for up to 20 days per calendar year after People Ops has checked tax and visa rules. Ask at least three weeks before you go.',
        now: 'Working from another country is allowed for up to 45 days per calendar year after People Ops has checked tax and visa rules. Ask at least three weeks before you go.',
      },
    ],
    queries: [
      { kind: 'stale-trap', query: 'how many days a year can I work from abroad' },
      { kind: 'paraphrase-ish', query: 'is there money for a desk and chair at home' },
    ],
  },
  {
    path: 'Company/Policies/Parental leave.md',
    text: [
      'Birth parents get 26 weeks of fully paid leave; partners and adoptive parents get 16 weeks, to be taken within the first year.',
      'Tell your manager and People Ops at least eight weeks before the leave starts so that cover can be planned.',
      'On return you can work 80% hours on full pay for the first month.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'how long can a new dad take off when the baby arrives' }],
  },
  {
    path: 'Company/Policies/Laptop and equipment.md',
    text: [
      'Engineers get a 16-inch MacBook Pro, everyone else a 14-inch MacBook Air; Linux laptops are available on request.',
      'Laptops are refreshed every four years, or earlier when IT confirms a hardware fault.',
      'Lost or stolen equipment must be reported to #it-help within 24 hours so the device can be wiped remotely.',
      'Monitors, keyboards and headsets can be ordered from the equipment catalogue up to 800 EUR per person every two years.',
    ],
    stale: [
      {
        old: 'Laptops are refreshed every three years, or earlier when IT confirms a hardware fault.',
        now: 'Laptops are refreshed every four years, or earlier when IT confirms a hardware fault.',
      },
    ],
    queries: [
      { kind: 'stale-trap', query: 'when do I get a new laptop, every three years?' },
      { kind: 'content', query: 'report a stolen laptop' },
    ],
  },
  {
    path: 'Company/Policies/Password and MFA.md',
    text: [
      'Use the company password manager (1Password) for every work account. Passwords must be at least 14 characters and never reused.',
      'Multi-factor authentication is required everywhere it is offered; hardware keys (YubiKey) are required for production access and the admin consoles.',
      'Never share a one-time code, not even with IT. IT will never ask for it.',
    ],
    stale: [
      {
        old: 'Multi-factor authentication is required everywhere it is offered; an authenticator app is enough for production access and the admin consoles.',
        now: 'Multi-factor authentication is required everywhere it is offered; hardware keys (YubiKey) are required for production access and the admin consoles.',
      },
    ],
    queries: [{ kind: 'stale-trap', query: 'is an authenticator app enough for production access' }],
  },
  {
    path: 'Company/Policies/Data retention.md',
    text: [
      'Customer order data is kept for ten years because of tax law; support tickets for three years; application logs for 30 days; analytics events for 25 months, then aggregated.',
      'A deletion request under GDPR must be completed within 30 days. Use the privacy tool in the admin console; it fans the request out to every service that holds personal data.',
      'Backups follow the same clocks: a deleted customer disappears from backups when the backup expires, at most 35 days later.',
    ],
    queries: [
      { kind: 'content', query: 'how long do we keep application logs' },
      { kind: 'paraphrase-ish', query: 'a customer wants us to forget everything about them, how long do we have' },
    ],
  },
  {
    path: 'Company/Policies/Code review.md',
    text: [
      'Every change to main needs one approving review from someone other than the author; changes to payments, identity or infrastructure need two.',
      'Reviewers answer within one working day. If a review blocks you for longer, ask in your team channel rather than merging.',
      'Keep pull requests under 400 changed lines where possible; split refactors from behaviour changes.',
    ],
    queries: [{ kind: 'content', query: 'how many approvals does a change to identity need' }],
  },
  {
    path: 'Company/Policies/Access requests.md',
    text: [
      'Production access is requested in the Access portal and approved by your manager and the owning team; it expires after 12 hours and must be re-requested.',
      'Read-only access to the data warehouse is approved by Team Osprey and lasts 90 days.',
      'Access is reviewed every quarter; unused grants are removed automatically after 60 days.',
    ],
    stale: [
      {
        old: 'Production access is requested by a ticket to Team Swift and approved by your manager; it expires after 7 days and must be re-requested.',
        now: 'Production access is requested in the Access portal and approved by your manager and the owning team; it expires after 12 hours and must be re-requested.',
      },
    ],
    queries: [
      { kind: 'stale-trap', query: 'do I open a ticket with team swift for production access' },
      { kind: 'content', query: 'who approves read access to the data warehouse' },
    ],
  },
  {
    path: 'Company/Policies/Security incident reporting.md',
    text: [
      'If you think something is a security incident (phishing you clicked, a leaked key, a lost device, strange logins), report it at once in #security-urgent or call the security hotline +44 20 7946 0321.',
      'Do not try to investigate on your own and do not delete anything; the security team needs the evidence.',
      'Leaked secrets are rotated first and discussed later; there is no blame for reporting.',
    ],
    queries: [
      { kind: 'paraphrase-ish', query: 'I clicked a dodgy link in an email, who do I tell' },
      { kind: 'title', query: 'security incident reporting' },
    ],
  },
  {
    path: 'Company/Policies/Gifts and hospitality.md',
    text: [
      'You may accept gifts from suppliers or customers worth up to 50 EUR; anything more must be declared in the gifts register and usually returned.',
      'Dinners with suppliers are fine when there is a business purpose and we pay every second time.',
      'Never accept gifts during a tender or contract negotiation.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'a vendor sent me an expensive bottle of wine, can I keep it' }],
  },
  {
    path: 'Company/Policies/Open source contributions.md',
    text: [
      'You may contribute to open source projects on company time when the project is one we use. Use your work email and sign the project CLA if it has one.',
      'Publishing a new open source project from company code needs approval from the CTO and a licence check by Legal; we use the Apache 2.0 licence by default.',
    ],
    queries: [{ kind: 'content', query: 'which licence do we use when we open source a project' }],
  },
  {
    path: 'Company/Policies/On-call compensation.md',
    text: [
      'Engineers on a primary rotation receive 300 EUR per week of on-call and 150 EUR for a secondary week.',
      'A page outside working hours that takes more than 30 minutes earns the same time back as time off in lieu, to be taken within a month.',
      'Nobody is on call more than one week in four; swaps are arranged in PagerDuty and announced in the team channel.',
    ],
    stale: [
      {
        old: 'Engineers on a primary rotation receive 200 EUR per week of on-call and 100 EUR for a secondary week.',
        now: 'Engineers on a primary rotation receive 300 EUR per week of on-call and 150 EUR for a secondary week.',
      },
    ],
    queries: [{ kind: 'stale-trap', query: 'on-call pay per week, still 200 EUR?' }],
  },
  {
    path: 'Company/Policies/Learning budget.md',
    text: [
      'Everyone has a learning budget of 1,500 EUR per year for courses, books and conferences, and five learning days.',
      'Conference travel counts against the budget; the talk itself does not if you are speaking for the company.',
      'Unused budget does not roll over to the next year.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'how much money do I get for training courses and books' }],
  },
  {
    path: 'Company/Policies/Holidays and time off.md',
    text: [
      'Full-time employees get 28 days of paid holiday plus public holidays of their office location. Up to five unused days roll over to the next year and expire on 31 March.',
      'Book holidays in Personio; anything longer than two weeks needs four weeks of notice.',
      'Sick days do not need a note for the first three days; after that a doctor’s note is required.',
    ],
    stale: [
      {
        old: 'Full-time employees get 25 days of paid holiday plus public holidays of their office location. Up to five unused days roll over to the next year and expire on 31 March.',
        now: 'Full-time employees get 28 days of paid holiday plus public holidays of their office location. Up to five unused days roll over to the next year and expire on 31 March.',
      },
    ],
    queries: [
      { kind: 'stale-trap', query: 'how many vacation days do we get, 25?' },
      { kind: 'content', query: 'when do rolled over holiday days expire' },
    ],
  },
  {
    path: 'Company/Policies/Hiring and interviews.md',
    text: [
      'Every engineering hire goes through a screening call, a take-home exercise of at most three hours, a pairing session and a values interview.',
      'Interviewers submit written feedback in Greenhouse within 24 hours and before reading anyone else’s.',
      'We pay candidates 150 EUR for the take-home exercise.',
    ],
    queries: [{ kind: 'content', query: 'do we pay candidates for the take-home' }],
  },
  {
    path: 'Company/Policies/Performance reviews.md',
    text: [
      'Reviews happen twice a year, in April and October. Each review has a self-assessment, peer feedback from three colleagues and a conversation with your manager.',
      'Promotions are decided by a calibration group twice a year and take effect on 1 May and 1 November.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'when are promotions announced and when do they start' }],
  },
  {
    path: 'Company/Policies/Vendor and tool purchases.md',
    text: [
      'Any new software tool that stores company or customer data needs a security review before purchase, even if it is free.',
      'Purchases under 1,000 EUR per year can be made with a team card; above that, Procurement negotiates and Finance signs.',
      'Add every tool to the software inventory with an owner and renewal date.',
    ],
    queries: [
      { kind: 'paraphrase-ish', query: 'can I just pay for a SaaS app with my team card' },
      { kind: 'title', query: 'vendor purchase policy' },
    ],
  },
  {
    path: 'Company/Policies/Acceptable use of AI assistants.md',
    text: [
      'Approved AI assistants may read our notes and code through the company workspace. Do not paste customer personal data or secrets into tools that are not on the approved list.',
      'Output from assistants is reviewed by a person before it reaches customers or production.',
      'The approved list lives in the software inventory and is reviewed by Security every quarter.',
    ],
    queries: [{ kind: 'content', query: 'can I paste customer data into an AI tool' }],
  },
  {
    path: 'Company/Policies/Office access and visitors.md',
    text: [
      'Badges open the office from 07:00 to 22:00 on weekdays. Weekend access must be requested from Workplace a day ahead.',
      'Visitors are registered in Envoy the day before and are accompanied at all times; contractors get a temporary badge valid for one day.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'bringing a friend to the office, what do I need to do' }],
  },
  {
    path: 'Company/Policies/Customer data access.md',
    text: [
      'Support agents may open a customer record only while working on that customer’s ticket; every view is logged with the ticket number.',
      'Engineers use anonymised copies for debugging; access to the real record needs a ticket and the customer’s consent.',
      'Exports of customer lists need approval from the data protection officer.',
    ],
    queries: [{ kind: 'content', query: 'who approves exports of customer lists' }],
  },
  {
    path: 'Company/Policies/Expense cards.md',
    text: [
      'Team leads hold a company card with a monthly limit of 2,000 EUR for team events, small tools and travel.',
      'Receipts are uploaded in Pleo within seven days; missing receipts are deducted from the next salary after two reminders.',
      'Team events are budgeted at 60 EUR per person per quarter.',
    ],
    stale: [
      {
        old: 'Receipts are uploaded in Expensify within seven days; missing receipts are deducted from the next salary after two reminders.',
        now: 'Receipts are uploaded in Pleo within seven days; missing receipts are deducted from the next salary after two reminders.',
      },
    ],
    queries: [{ kind: 'stale-trap', query: 'where do I upload receipts for the company card, Expensify?' }],
  },
  {
    path: 'Company/Policies/Incident severity levels.md',
    text: [
      'SEV1: customers cannot buy, pay or log in, or data is exposed; page the incident commander rota immediately and post on the status page within 15 minutes.',
      'SEV2: a major feature is broken for many customers or money is at risk; the owning team leads and posts in #incidents.',
      'SEV3: degraded but with a workaround; fix during working hours. Every SEV1 and SEV2 gets a written postmortem within five working days.',
    ],
    queries: [
      { kind: 'content', query: 'what counts as a SEV1' },
      { kind: 'paraphrase-ish', query: 'how fast must we update the public status page in a big outage' },
    ],
  },
  {
    path: 'Company/Policies/Working hours and core time.md',
    text: [
      'Core hours are 10:00 to 15:00 in your office’s time zone; outside them, plan your day as you like.',
      'Meetings are not scheduled on Friday afternoons. Messages outside working hours carry no expectation of a reply.',
    ],
    queries: [{ kind: 'title', query: 'core hours' }],
  },
  {
    path: 'Company/Policies/Referral bonus.md',
    text: [
      'If someone you refer is hired, you receive a bonus of 2,000 EUR after their probation period of six months.',
      'Referrals go through Greenhouse with a short note on how you know the candidate. Managers hiring into their own team are not eligible.',
    ],
    queries: [{ kind: 'paraphrase-ish', query: 'do I get anything if a friend I recommended gets hired' }],
  },
];
