import { badInputSuite } from './suite';

badInputSuite('invitations');
