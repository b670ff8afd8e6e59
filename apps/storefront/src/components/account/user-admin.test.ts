import { describe, expect, it } from 'vitest';
import { parseUserForm } from './user-admin';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('parseUserForm', () => {
  it('reads an invitation: trimmed fields, the e-mail in lower case, only known role boxes', () => {
    const parsed = parseUserForm(
      form([
        ['FirstName', ' Ida '],
        ['LastName', 'Invited'],
        ['Email', ' IDA@Acme-DK.example '],
        ['Phone', '+45 12 34 56 78'],
        ['language', 'da'],
        ['role', 'approver'],
        ['role', 'owner'],
      ]),
      { withEmail: true },
    );
    expect(parsed).toEqual({
      ok: true,
      values: {
        FirstName: 'Ida',
        LastName: 'Invited',
        Email: 'ida@acme-dk.example',
        Phone: '+45 12 34 56 78',
        language: 'da',
        roles: ['approver'],
      },
    });
  });

  it('flags missing names, a bad e-mail, a bad phone and an unknown language', () => {
    const parsed = parseUserForm(
      form([
        ['Email', 'not-an-address'],
        ['Phone', '<script>'],
        ['language', 'fr'],
      ]),
      { withEmail: true },
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.problems).toEqual({
        FirstName: 'required',
        LastName: 'required',
        Email: 'email',
        Phone: 'phone',
        language: 'language',
      });
  });

  it('ignores an e-mail on the details form and refuses over-long names', () => {
    const parsed = parseUserForm(
      form([
        ['FirstName', 'x'.repeat(101)],
        ['LastName', 'L'],
        ['Email', 'ignored'],
        ['language', 'de'],
        ['role', 'admin'],
      ]),
      { withEmail: false },
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems).toEqual({ FirstName: 'tooLong' });
      expect(parsed.values).toMatchObject({ Email: '', roles: ['admin'] });
    }
  });
});
