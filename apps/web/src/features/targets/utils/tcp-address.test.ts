import { describe, expect, it } from 'vitest';
import { ncCommand, splitAddress } from './tcp-address';

describe('a TCP target’s address', () => {
  it('splits host and port', () => {
    expect(splitAddress('labs.school.example:42017')).toEqual({
      host: 'labs.school.example',
      port: '42017',
    });
    expect(splitAddress('[::1]:42000')).toEqual({ host: '::1', port: '42000' });
  });

  it('becomes the nc command', () => {
    expect(ncCommand('127.0.0.1:42001')).toBe('nc 127.0.0.1 42001');
    expect(ncCommand('localhost')).toBe('nc localhost');
  });
});
