/** What a signed-in person sees first: an invite to accept, an assistant's consent, or their notes. */
export type SignedInPage =
  | { readonly kind: 'invite'; readonly secret: string }
  | { readonly kind: 'oauthConsent'; readonly authorizationId: string }
  | { readonly kind: 'notes' };

/** The query parameters that open a page other than the notes (`?invite=`, `?oauth=`). */
export interface PageParams {
  readonly invite: string | null;
  readonly oauth: string | null;
}

/**
 * OAC1: the page for the URL's parameters. Both the invite and the consent need the relay, so offline the
 * notes show as usual. An invite goes first when both are given: it is a person's link, and an assistant
 * can always ask again.
 */
export function signedInPageOf({ invite, oauth }: PageParams, offline: boolean): SignedInPage {
  if (offline) return { kind: 'notes' };
  if (invite) return { kind: 'invite', secret: invite };
  return oauth ? { kind: 'oauthConsent', authorizationId: oauth } : { kind: 'notes' };
}
