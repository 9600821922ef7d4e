import MarkdownIt, { type StateBlock, type StateInline } from 'markdown-it';

/** A block rule as markdown-it calls it. */
export type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
/** An inline rule as markdown-it calls it. */
export type InlineRule = (state: StateInline, silent: boolean) => boolean;

/**
 * markdown-it's own block rule `name`, to wrap with `ruler.at(name, …)`. Read through the public Ruler API
 * (`enableOnly` + `getRules`) on a scratch parser, so no plugin ever reads markdown-it's private rule list;
 * rule functions are markdown-it's module-level functions, shared by every parser.
 */
export function builtInBlockRule(name: string): BlockRule {
  const scratch = new MarkdownIt('default');
  scratch.block.ruler.enableOnly([name]);
  return onlyRule(scratch.block.ruler.getRules(''), name);
}

/** markdown-it's own inline rule `name`, read as builtInBlockRule reads a block rule. */
export function builtInInlineRule(name: string): InlineRule {
  const scratch = new MarkdownIt('default');
  scratch.inline.ruler.enableOnly([name]);
  return onlyRule(scratch.inline.ruler.getRules(''), name);
}

function onlyRule<Rule>(rules: readonly Rule[], name: string): Rule {
  const [rule] = rules;
  if (!rule || rules.length !== 1) throw new Error(`markdown-it has no single rule named ${name}`);
  return rule;
}
