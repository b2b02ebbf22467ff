import { describe, expect, it } from 'vitest';
import { contactSchema, nameField } from '../../domain/validation.ts';
import { withCapitalFirstLetter } from '../../domain/form-rules.ts';

describe('withCapitalFirstLetter', () => {
  it.each([
    ['asha', 'Asha'],
    ['  rao', '  Rao'],
    ['Asha', 'Asha'],
    ['', ''],
    ['1 ticket was lost', '1 Ticket was lost'],
    ['"when is the show?"', '"When is the show?"'],
    ['éva', 'Éva'],
    ['आशा', 'आशा'],
    ['ßen', 'ßen'],
    ['🏏 bat', '🏏 Bat'],
  ])('%j -> %j', (typed, shown) => {
    expect(withCapitalFirstLetter(typed)).toBe(shown);
  });

  it('makes what the player types pass the capital-letter rules', () => {
    expect(nameField('firstNameRequired').safeParse(withCapitalFirstLetter('rahul')).success).toBe(true);
    const message = contactSchema.shape.message;
    expect(message.safeParse(withCapitalFirstLetter('...when will my prize arrive?')).success).toBe(true);
  });
});
