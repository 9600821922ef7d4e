/** The request's path, percent-decoded; null when it is not valid percent-encoding. */
export function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://relay.invalid').pathname);
  } catch {
    return null;
  }
}
