import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FactLine } from './FactLine';

describe('FactLine', () => {
  it('keeps each fact whole with the separator after it, the line breaking only between them, and leaves out nulls', () => {
    const { container } = render(
      <p>
        <FactLine facts={['127.0.0.1', null, 'Signed in Jan 05', 'Last seen Jan 06']} />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect([...paragraph.children].map((fact) => [fact.className, fact.textContent])).toEqual([
      ['inline-block', '127.0.0.1\u00a0·'],
      ['inline-block', 'Signed in Jan 05\u00a0·'],
      ['inline-block', 'Last seen Jan 06'],
    ]);
    expect(paragraph.textContent).toBe('127.0.0.1\u00a0· Signed in Jan 05\u00a0· Last seen Jan 06');
  });
});
