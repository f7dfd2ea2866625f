import { badInputSuite } from './suite';

badInputSuite('announcements');
