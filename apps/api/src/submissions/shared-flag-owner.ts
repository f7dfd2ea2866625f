import { sql } from 'drizzle-orm';
import { submissions, users } from '../db/schema';
import { memberName } from '../users/member-name';

/**
 * The name of the student whose target's flag a refused submission was. A subquery of its own:
 * inside it `users` is the owner, whatever the outer query joined as `users`.
 */
export const sharedFlagOwnerName = sql<string | null>`(select ${memberName} from ${users}
  where ${users.id} = ${submissions.sharedFlagOwnerId})`;

export const sharedFlagOwnerOf = (id: string | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };
