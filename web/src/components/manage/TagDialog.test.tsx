import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { TagDialog } from './TagDialog';

describe('TagDialog', () => {
  it("states one file's tag limits once", () => {
    storeSession(makeUser({ id: 7 }));
    mockFetch({});
    renderUi(<TagDialog files={[makeFile({ id: 1, original_name: 'a.txt', user_id: 7, tags: ['work'] })]} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Tags of a.txt' });
    expect(within(dialog).getAllByText(/^Up to 10 tags/)).toHaveLength(1);
  });
});
