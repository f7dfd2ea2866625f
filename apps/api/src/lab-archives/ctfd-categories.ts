import type { LabCategory } from '@hackclass/contracts';

/**
 * CTFd categories as CTF teams commonly name them (lowercase), and the HackClass category. A Map,
 * so that a category such as `constructor` finds nothing inherited.
 */
const CATEGORY_OF = new Map<string, LabCategory>([
  ['web', 'Web'],
  ['web exploitation', 'Web'],
  ['webex', 'Web'],
  ['crypto', 'Crypto'],
  ['cryptography', 'Crypto'],
  ['forensics', 'Forensics'],
  ['forensic', 'Forensics'],
  ['forens', 'Forensics'],
  ['stego', 'Forensics'],
  ['steganography', 'Forensics'],
  ['rev', 'Reverse engineering'],
  ['re', 'Reverse engineering'],
  ['reverse', 'Reverse engineering'],
  ['reversing', 'Reverse engineering'],
  ['reverse engineering', 'Reverse engineering'],
  ['reverse-engineering', 'Reverse engineering'],
  ['pwn', 'Binary exploitation'],
  ['binary', 'Binary exploitation'],
  ['binary exploitation', 'Binary exploitation'],
  ['exploitation', 'Binary exploitation'],
  ['osint', 'OSINT'],
  ['recon', 'OSINT'],
  ['network', 'Networking'],
  ['networking', 'Networking'],
  ['misc', 'Misc'],
  ['miscellaneous', 'Misc'],
]);

/** The HackClass category of a CTFd one, or undefined when none fits (the caller picks Misc). */
export const labCategoryOf = (ctfdCategory: string): LabCategory | undefined =>
  CATEGORY_OF.get(ctfdCategory.trim().toLowerCase());
