import { badInputSuite } from './suite';

badInputSuite('labArchives');
