import { within } from '@testing-library/react';

/**
 * What a description list shows for one label (a StatBox, a facts row): the text of each <dd>
 * that follows the <dt> named `term`, in order. Fails unless exactly one such <dt> exists.
 */
export function definitionsOf(container: HTMLElement, term: string): string[] {
  const terms = within(container)
    .queryAllByRole('term')
    .filter((element) => element.textContent === term);
  if (terms.length !== 1) throw new Error(`Expected one "${term}" label, found ${terms.length}`);
  const values: string[] = [];
  for (let next = terms[0]?.nextElementSibling; next && next.tagName === 'DD'; next = next.nextElementSibling) {
    values.push(next.textContent ?? '');
  }
  return values;
}

/** The main value shown for a label (the first <dd> after its <dt>). */
export function definitionOf(container: HTMLElement, term: string): string {
  return definitionsOf(container, term)[0] ?? '';
}
