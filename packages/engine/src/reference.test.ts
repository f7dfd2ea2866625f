import { describe, expect, it } from 'vitest';
import { imageNameOf, isNamedBy } from './reference';

describe('image names', () => {
  it.each([
    ['busybox', 'docker.io', 'docker.io/library/busybox:latest'],
    ['busybox:1.36', 'docker.io', 'docker.io/library/busybox:1.36'],
    ['library/busybox', 'docker.io', 'docker.io/library/busybox:latest'],
    ['index.docker.io/library/busybox:latest', 'docker.io', 'docker.io/library/busybox:latest'],
    ['labs/sqli:3', 'docker.io', 'docker.io/labs/sqli:3'],
    [
      'Registry.School.Example/labs/sqli:3',
      'registry.school.example',
      'registry.school.example/labs/sqli:3',
    ],
    ['localhost/x', 'localhost', 'localhost/x:latest'],
    ['127.0.0.1:5999/x', '127.0.0.1:5999', '127.0.0.1:5999/x:latest'],
    [`x:1@sha256:${'a'.repeat(64)}`, 'docker.io', `docker.io/library/x@sha256:${'a'.repeat(64)}`],
  ])('reads %s on %s as %s', (image, domain, canonical) => {
    expect(imageNameOf(image)).toMatchObject({ domain, canonical });
  });

  it('reads nothing from what is no reference', () => {
    expect(imageNameOf('labs/SQLi')).toBeUndefined();
    expect(imageNameOf('labs//sqli')).toBeUndefined();
  });

  it('takes an image as named only by one of its tags or digests, not by a prefix of its id', () => {
    const found = { RepoTags: ['hc-private:latest'], RepoDigests: [] };
    expect(isNamedBy(found, 'hc-private')).toBe(true);
    expect(isNamedBy(found, 'docker.io/library/hc-private:latest')).toBe(true);
    expect(isNamedBy(found, 'hc-private:2')).toBe(false);
    // The engine finds this image by `8c95` or `sha256:8c95` as well.
    expect(isNamedBy(found, '8c95')).toBe(false);
    expect(isNamedBy(found, 'sha256:8c95')).toBe(false);
    expect(isNamedBy({ RepoTags: null, RepoDigests: null }, 'hc-private')).toBe(false);
  });
});
