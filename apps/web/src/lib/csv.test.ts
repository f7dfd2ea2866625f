import { describe, expect, it } from 'vitest';
import { csvFileName } from './csv';

describe('csvFileName', () => {
  it('names the file by a slug of the title, the kind and the local date', () => {
    const date = new Date(2026, 10, 22, 23, 59);
    expect(csvFileName('Web Security 101', 'leaderboard', date)).toBe(
      'web-security-101-leaderboard-2026-11-22.csv',
    );
    expect(csvFileName('  Ünïcode & co. ', 'roster', date)).toBe(
      'unicode-co-roster-2026-11-22.csv',
    );
    expect(csvFileName('!!!', 'roster', date)).toBe('export-roster-2026-11-22.csv');
  });
});
