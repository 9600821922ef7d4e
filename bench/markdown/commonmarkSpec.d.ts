// commonmark-spec ships no types: its index.js reads spec.txt and cuts it into examples.
declare module 'commonmark-spec' {
  /** One example of the spec; tabs are written as `→`, as in the spec's text. */
  export interface SpecExample {
    readonly markdown: string;
    readonly html: string;
    readonly section: string;
    readonly number: number;
  }

  export const tests: readonly SpecExample[];
  export const text: string;
}
