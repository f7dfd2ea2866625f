import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classroomFieldsSchema } from './classrooms';
import { HIDDEN_CHARACTERS_MESSAGE, nameProblem, oneLineName, WEB_ADDRESS_MESSAGE } from './names';
import { NO_NUL_MESSAGE } from './text';
import { registerRequestSchema } from './users';

describe('nameProblem', () => {
  it.each([
    'Web security 101',
    'Ada Lovelace',
    'Node.js & friends',
    'Mme Dupré: 2ᵉ année',
    'مرحبا',
    'Ms Rivest 👩‍🏫',
    'Flowww. Labs',
  ])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ['Room X\r\nBcc: injected@evil.example', HIDDEN_CHARACTERS_MESSAGE],
    ['Room\nX', HIDDEN_CHARACTERS_MESSAGE],
    ['Room\tX', HIDDEN_CHARACTERS_MESSAGE],
    ['Room\u0085X', HIDDEN_CHARACTERS_MESSAGE],
    ['Room\u2028X', HIDDEN_CHARACTERS_MESSAGE],
    ['invoice\u202Efdp.exe', HIDDEN_CHARACTERS_MESSAGE],
    ['Ada\u2066Lovelace\u2069', HIDDEN_CHARACTERS_MESSAGE],
    ['Ada\u200fLovelace', HIDDEN_CHARACTERS_MESSAGE],
    ['Ada\u0000', NO_NUL_MESSAGE],
    ['Log in at https://evil.example/login', WEB_ADDRESS_MESSAGE],
    ['hxxp://evil.example', WEB_ADDRESS_MESSAGE],
    ['WWW.evil.example', WEB_ADDRESS_MESSAGE],
    ['see www.evil.example', WEB_ADDRESS_MESSAGE],
  ])('refuses %j', (name, message) => {
    expect(nameProblem(name)).toBe(message);
  });

  it('is what the classroom and sign-up schemas answer, one message a field', () => {
    const classroom = classroomFieldsSchema.safeParse({
      name: 'Room X\r\nBcc: injected@evil.example',
      teacherName: 'Grace www.evil.example',
    });
    const fieldErrors = (result: { error?: z.ZodError | undefined }) =>
      result.error && z.flattenError(result.error).fieldErrors;
    expect(fieldErrors(classroom)).toEqual({
      name: [HIDDEN_CHARACTERS_MESSAGE],
      teacherName: [WEB_ADDRESS_MESSAGE],
    });
    const signUp = registerRequestSchema.safeParse({
      email: 'ada@example.org',
      password: 'correct horse',
      displayName: 'Ada\u202E',
      roleId: 1,
    });
    expect(fieldErrors(signUp)).toEqual({ displayName: [HIDDEN_CHARACTERS_MESSAGE] });
  });

  it('lets the lines around a name go, as the schemas trim', () => {
    expect(classroomFieldsSchema.parse({ name: '\r\nWeb 101\r\n', teacherName: 'Ada' }).name).toBe(
      'Web 101',
    );
  });
});

describe('oneLineName', () => {
  it('makes one line of what breaks it, drops bidirectional controls, keeps the rest', () => {
    expect(oneLineName('Room X\r\nBcc: injected@evil.example\n X-Injected: 1')).toBe(
      'Room X Bcc: injected@evil.example X-Injected: 1',
    );
    expect(oneLineName('\tAda\u2028Lovelace\u0007 ')).toBe('Ada Lovelace');
    expect(oneLineName('invoice\u202Efdp.exe\u2066')).toBe('invoicefdp.exe');
    expect(oneLineName('Ms  Rivest 👩‍🏫')).toBe('Ms  Rivest 👩‍🏫');
  });
});
