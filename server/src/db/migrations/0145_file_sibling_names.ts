import { sql, type Kysely, type Migration } from 'kysely';
import { numberedName } from '@vault/contract';

interface Twin {
  id: number;
  user_id: number;
  folder_id: number | null;
  original_name: string;
}

/**
 * File names become unique per folder, ignoring case, as folder names are:
 * an upload or rename that would make a twin is refused (or renamed, or made
 * a new version, as the upload asks). Twins made before are parted first: in
 * each group the oldest file keeps its name and the later ones, in id order,
 * take the first free "name (n).ext" beside them.
 */
export function fileSiblingNames(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { rows: twins } = await sql<Twin>`select f.id, f.user_id, f.folder_id, f.original_name from files f
        where exists (select 1 from files g where g.user_id = f.user_id and coalesce(g.folder_id, 0) = coalesce(f.folder_id, 0)
          and lower(g.original_name) = lower(f.original_name) and g.id < f.id)
        order by f.id`.execute(db);
      // The names of each folder that holds twins, lower-cased, kept up to date as twins are renamed.
      const taken = new Map<string, Set<string>>();
      for (const twin of twins) {
        const place = `${twin.user_id}:${twin.folder_id ?? 0}`;
        let names = taken.get(place);
        if (!names) {
          const { rows } = await sql<{ name: string }>`select lower(original_name) as name from files
            where user_id = ${twin.user_id} and coalesce(folder_id, 0) = ${twin.folder_id ?? 0}`.execute(db);
          names = new Set(rows.map((r) => r.name.toLowerCase()));
          taken.set(place, names);
        }
        let n = 2;
        while (names.has(numberedName(twin.original_name, n).toLowerCase())) n++;
        const name = numberedName(twin.original_name, n);
        names.add(name.toLowerCase());
        await sql`update files set original_name = ${name} where id = ${twin.id}`.execute(db);
      }
      await db.schema
        .createIndex('files_sibling_name')
        .unique()
        .on('files')
        .expression(sql`user_id, coalesce(folder_id, 0), lower(original_name)`)
        .execute();
    },
  };
}
