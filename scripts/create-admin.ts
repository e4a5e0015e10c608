// npm run create-admin: creates the first Admin of a database started without demo data (SEED=off or
// NODE_ENV=production), with the reference data every account needs (roles, licence types, journey steps).
// Values come from ADMIN_MAIL, ADMIN_PASSWORD, ADMIN_PRENOM, ADMIN_NOM, ADMIN_ENTREPRISE, or are asked
// for on the terminal (the password is not echoed). Same DATA_DIR / DATABASE_URL as the server; with
// PGlite the server must be stopped first (its data directory is locked).
import readline from 'node:readline';
import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';

import { ADMIN_ROLE, ROLE_NAMES } from '#domain/auth';
import { nomSchema, prenomSchema } from '#domain/person';
import { passwordSchema, userMailSchema } from '#domain/userForm';

import { hashPassword } from '../server/auth/password';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/lock';
import { entreprises, roles, typeLicences, userJourneySteps, users } from '../server/db/schema';

const LICENCE_TYPES = ['Standard', 'Premium', 'Essai'];
const JOURNEY_STEPS = [
  { stepOrder: 1, stepName: 'consultation', eventFlag: 'consultation' },
  { stepOrder: 2, stepName: 'interaction 3D', eventFlag: 'iframe_interaction' },
  { stepOrder: 3, stepName: 'essai AR', eventFlag: 'ar_try' },
  { stepOrder: 4, stepName: 'conversion', eventFlag: 'conversion' },
];

class Refused extends Error {}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY)
    throw new Refused(
      `${question.replace(/ :\s*$/, '')} manquant : définissez la variable d'environnement correspondante.`,
    );
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
    muted = hidden;
  });
}

async function value(env: string, question: string, hidden = false, fallback?: string): Promise<string> {
  return process.env[env] ?? (fallback !== undefined && !process.stdin.isTTY ? fallback : await ask(question, hidden));
}

function check<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  v: string,
): T {
  const r = schema.safeParse(v);
  if (!r.success) throw new Refused(r.error.issues[0].message);
  return r.data;
}

async function main() {
  const mail = check(userMailSchema, await value('ADMIN_MAIL', 'Email de l’administrateur : '));
  const prenom = check(prenomSchema, await value('ADMIN_PRENOM', 'Prénom : ', false, 'Admin'));
  const nom = check(nomSchema, await value('ADMIN_NOM', 'Nom : ', false, 'Administrateur'));
  const password = await value(
    'ADMIN_PASSWORD',
    'Mot de passe (10 caractères min., une majuscule, un chiffre, un caractère spécial) : ',
    true,
  );
  check(passwordSchema, password);
  if (!process.env.ADMIN_PASSWORD && (await ask('Confirmation du mot de passe : ', true)) !== password)
    throw new Refused('Les mots de passe ne correspondent pas');
  const nomEntreprise = (process.env.ADMIN_ENTREPRISE ?? 'Visio3D').trim() || 'Visio3D';

  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const { db } = database;
    // Reference data, idempotent: a database started with SEED=off has none.
    await db
      .insert(roles)
      .values(ROLE_NAMES.map((nomRole) => ({ nomRole })))
      .onConflictDoNothing();
    await db
      .insert(typeLicences)
      .values(LICENCE_TYPES.map((type) => ({ type })))
      .onConflictDoNothing();
    await db.insert(userJourneySteps).values(JOURNEY_STEPS).onConflictDoNothing();

    const [adminRole] = await db.select().from(roles).where(eq(roles.nomRole, ADMIN_ROLE));
    const existing = await db
      .select({ mail: users.mail })
      .from(users)
      .where(eq(users.roleId, adminRole.roleId))
      .limit(1);
    if (existing.length)
      throw new Refused(
        `Un administrateur existe déjà (${existing[0].mail}) : créez les autres comptes depuis l'application.`,
      );
    const [taken] = await db.select({ id: users.userId }).from(users).where(eq(users.mail, mail));
    if (taken) throw new Refused('Cet email est déjà utilisé par un autre utilisateur.');

    let [entreprise] = await db.select().from(entreprises).where(eq(entreprises.nomEntreprise, nomEntreprise));
    if (!entreprise) [entreprise] = await db.insert(entreprises).values({ nomEntreprise }).returning();
    await db.insert(users).values({
      entrepriseId: entreprise.entrepriseId,
      roleId: adminRole.roleId,
      nom,
      prenom,
      mail,
      passwordHash: await hashPassword(password),
      isActive: true,
    });
    console.log(`Administrateur ${mail} créé (entreprise ${nomEntreprise}). Connectez-vous avec ce compte.`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    if (err instanceof Refused || err instanceof DataDirLockedError)
      console.error(`Création impossible : ${err.message}`);
    else console.error(err);
    process.exit(1);
  },
);
