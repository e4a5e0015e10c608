// The people and records the matrix plays with: company A (Maison Lumière) and company B (Atelier Bois &
// Design) from the demo seed, completed here with what the seed lacks (a Manager in B, a user disabled
// after sign-in, a user whose licence expired after sign-in) and with catalogue and proposition records
// of each company. Records a write may destroy are made afresh per cell by the factories below.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';

import { TokenService } from '../../../server/auth/tokens';
import type { Db } from '../../../server/db/client';
import * as s from '../../../server/db/schema';
import { FileStorage } from '../../../server/files/storage';
import type { TestApp } from '../../helpers/app';

export const TEST_SECRET = 'test-secret-for-tests-only-0123456789';
export type Role = 'Admin' | 'Directeur' | 'Manager' | 'Vendeur';
export type Company = 'A' | 'B';
export type SessionState = 'valid' | 'none' | 'forged' | 'expired' | 'disabled' | 'licenceExpired';

export interface Principal {
  name: string;
  role: Role;
  company: Company | 'P';
  userId: number;
  entrepriseId: number;
  state: SessionState;
}

const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// The smallest box an MP4 reader accepts as a file type: enough for sniff() and for a download test.
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);

export class Fixtures {
  readonly db: Db;
  readonly files: FileStorage;
  readonly tokens = new TokenService(TEST_SECRET);
  company!: Record<Company | 'P', number>;
  user!: Record<string, number>;
  principals: Principal[] = [];
  adminRoleId!: number;
  roleId!: Record<Role, number>;
  /** Strings only company A's (resp. B's) data contains: none may reach the other company. */
  markers!: Record<Company, string[]>;
  private seq = 0;

  constructor(readonly t: TestApp) {
    this.db = t.database.db;
    this.files = new FileStorage(t.filesDir);
  }

  static async create(t: TestApp): Promise<Fixtures> {
    const fx = new Fixtures(t);
    await fx.load();
    return fx;
  }

  private async load() {
    const ents = await this.db.select().from(s.entreprises);
    const byName = (n: string) => ents.find((e) => e.nomEntreprise === n)!.entrepriseId;
    this.company = { P: byName('Visio3D'), A: byName('Maison Lumière'), B: byName('Atelier Bois & Design') };
    const roles = await this.db.select().from(s.roles);
    const roleId = Object.fromEntries(roles.map((r) => [r.nomRole, r.roleId])) as Record<Role, number>;
    this.adminRoleId = roleId.Admin;
    this.roleId = roleId;
    const users = await this.db.select().from(s.users);
    const id = (mail: string) => users.find((u) => u.mail === mail)!.userId;
    this.user = {
      admin: id('admin@demo.fr'),
      directeurA: id('directeur@demo.fr'),
      managerA: id('manager@demo.fr'),
      vendeurA: id('vendeur@demo.fr'),
      vendeur2A: id('vendeur2@demo.fr'),
      directeurB: id('directeur@atelier-bois.fr'),
      vendeurB: id('vendeur@atelier-bois.fr'),
      inactif: id('inactif@demo.fr'),
    };
    this.user.managerB = await this.makeUser('B', 'Manager', roleId.Manager);
    this.user.disabledA = await this.makeUser('A', 'Vendeur', roleId.Vendeur);
    this.user.expiredA = await this.makeUser('A', 'Vendeur', roleId.Vendeur);

    const p = (
      name: string,
      role: Role,
      company: Company | 'P',
      key: string,
      state: SessionState = 'valid',
    ): Principal => ({
      name,
      role,
      company,
      userId: this.user[key],
      entrepriseId: this.company[company],
      state,
    });
    this.principals = [
      p('Admin', 'Admin', 'P', 'admin'),
      p('A/Directeur', 'Directeur', 'A', 'directeurA'),
      p('A/Manager', 'Manager', 'A', 'managerA'),
      p('A/Vendeur', 'Vendeur', 'A', 'vendeurA'),
      p('B/Directeur', 'Directeur', 'B', 'directeurB'),
      p('B/Manager', 'Manager', 'B', 'managerB'),
      p('B/Vendeur', 'Vendeur', 'B', 'vendeurB'),
      p('sans jeton', 'Vendeur', 'A', 'vendeurA', 'none'),
      p('jeton falsifié', 'Admin', 'P', 'admin', 'forged'),
      p('jeton expiré', 'Admin', 'P', 'admin', 'expired'),
      p('utilisateur désactivé', 'Vendeur', 'A', 'disabledA', 'disabled'),
      p('licence expirée', 'Vendeur', 'A', 'expiredA', 'licenceExpired'),
    ];
    // The disabled user and the expired licence happen after the token was issued (tokenFor signs anyway).
    await this.db.update(s.users).set({ isActive: false }).where(eq(s.users.userId, this.user.disabledA));
    await this.db
      .update(s.licences)
      .set({ dateExpiration: new Date(Date.now() - DAY) })
      .where(eq(s.licences.userId, this.user.expiredA));

    const mailsOf = async (ent: number) => {
      const us = await this.db.select({ mail: s.users.mail }).from(s.users).where(eq(s.users.entrepriseId, ent));
      const cs = await this.db
        .select({ mail: s.customers.mail })
        .from(s.customers)
        .where(eq(s.customers.entrepriseId, ent));
      return [...us, ...cs].map((r) => r.mail);
    };
    this.markers = {
      A: ['Maison Lumière', ...(await mailsOf(this.company.A))],
      B: ['Atelier Bois', ...(await mailsOf(this.company.B))],
    };
  }

  private async makeUser(company: Company, label: string, roleId: number): Promise<number> {
    const n = ++this.seq;
    const [hash] = await this.db.select({ h: s.users.passwordHash }).from(s.users).limit(1);
    const [u] = await this.db
      .insert(s.users)
      .values({
        entrepriseId: this.company[company],
        roleId,
        nom: `Fixture${label}`,
        prenom: `Numéro${String.fromCharCode(64 + n)}`,
        mail: `fixture${n}.${company.toLowerCase()}@securite.test`,
        mobile: '0600000000',
        passwordHash: hash.h,
      })
      .returning();
    const [type] = await this.db.select().from(s.typeLicences).limit(1);
    await this.db.insert(s.licences).values({
      userId: u.userId,
      typeLicenceId: type.typeLicenceId,
      licenceKey: `SEC-${n}`,
      dateActivation: new Date(Date.now() - DAY),
      dateExpiration: new Date(Date.now() + 365 * DAY),
    });
    return u.userId;
  }

  /** A bearer token for the principal in its state, signed now (writes may have bumped the version). */
  async tokenFor(p: Principal): Promise<string | null> {
    if (p.state === 'none') return null;
    if (p.state === 'forged') {
      return new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(p.userId))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret'));
    }
    const [u] = await this.db.select({ v: s.users.tokenVersion }).from(s.users).where(eq(s.users.userId, p.userId));
    if (p.state === 'expired') {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ver: u.v })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(p.userId))
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 60)
        .sign(new TextEncoder().encode(TEST_SECRET));
    }
    return this.tokens.sign({ userId: p.userId, version: u.v });
  }

  principal(name: string): Principal {
    return this.principals.find((p) => p.name === name)!;
  }

  /** The company whose records a principal reaches as "own" (Admin: company A), and the other one. */
  own(p: Principal): Company {
    return p.company === 'B' ? 'B' : 'A';
  }
  other(p: Principal): Company {
    return this.own(p) === 'A' ? 'B' : 'A';
  }
  /** A seller of that company: own customers of a Vendeur are his. */
  seller(company: Company, p?: Principal): number {
    if (p && p.role === 'Vendeur' && this.own(p) === company && p.state === 'valid') return p.userId;
    return company === 'A' ? this.user.vendeurA : this.user.vendeurB;
  }

  // ---- factories: fresh records, so that a successful delete or edit never spoils another cell ----

  async customer(company: Company, p?: Principal): Promise<number> {
    const n = ++this.seq;
    const [c] = await this.db
      .insert(s.customers)
      .values({
        userId: this.seller(company, p),
        entrepriseId: this.company[company],
        nom: 'Fixture',
        prenom: 'Client',
        mail: `client${n}.${company.toLowerCase()}@securite.test`,
        mobile: '0611223344',
        postalCode: '69001',
      })
      .returning();
    return c.customerId;
  }

  async proposition(
    company: Company,
    p?: Principal,
    opts: { link?: boolean; expired?: boolean } = {},
  ): Promise<{ id: number; token: string }> {
    const customerId = await this.customer(company, p);
    const cheminPdf = await this.files.save('propositions', 'pdf', PDF);
    const cheminVideo = await this.files.save('videos', 'mp4', MP4);
    const [row] = await this.db
      .insert(s.propositions)
      .values({ customerId, description: 'Devis de test', cheminPdf, cheminVideo })
      .returning();
    const token = crypto.randomBytes(16).toString('hex');
    if (opts.link !== false) {
      await this.db.insert(s.videoAccessTokens).values({
        propositionId: row.propositionId,
        token,
        expiresAt: new Date(Date.now() + (opts.expired ? -DAY : 30 * DAY)),
      });
    }
    return { id: row.propositionId, token };
  }

  /** A user of that company (Vendeur unless told), with a licence in force. */
  async person(company: Company, role: Role = 'Vendeur'): Promise<number> {
    const [r] = await this.db.select().from(s.roles).where(eq(s.roles.nomRole, role));
    return this.makeUser(company, role, r.roleId);
  }

  async licence(company: Company): Promise<number> {
    const userId = await this.person(company);
    const [l] = await this.db.select().from(s.licences).where(eq(s.licences.userId, userId));
    return l.licenceId;
  }

  async category(company: Company, parent?: number): Promise<number> {
    const [c] = await this.db
      .insert(s.categories)
      .values({
        entrepriseId: this.company[company],
        nomCategorie: `Catégorie ${++this.seq}`,
        idCategorieMere: parent ?? null,
      })
      .returning();
    return c.id;
  }

  async annotation(company: Company): Promise<number> {
    const [a] = await this.db
      .insert(s.annotations)
      .values({ entrepriseId: this.company[company], jour: '2026-11-20', texte: `Note ${++this.seq}` })
      .returning();
    return a.id;
  }

  async groupe(company: Company): Promise<number> {
    const [g] = await this.db
      .insert(s.groupeModels)
      .values({
        entrepriseId: this.company[company],
        nomGroupeModel: `Produit ${++this.seq}`,
        placement: 'Sol',
        prixCatalogue: '100.00',
      })
      .returning();
    return g.idGroupeModel;
  }

  async model(company: Company): Promise<number> {
    const idGroupeModel = await this.groupe(company);
    const [m] = await this.db
      .insert(s.models)
      .values({ idGroupeModel, nom: `Modèle ${++this.seq}` })
      .returning();
    return m.id;
  }

  async couleur(company: Company): Promise<number> {
    const [c] = await this.db
      .insert(s.couleurs)
      .values({ entrepriseId: this.company[company], nomCouleur: `Couleur ${++this.seq}`, valeur: '#112233' })
      .returning();
    return c.id;
  }

  async option(company: Company): Promise<number> {
    const idGroupeModel = await this.groupe(company);
    const [o] = await this.db
      .insert(s.options)
      .values({ idGroupeModel, typeOption: 'Texte', nomGroupe: `Groupe ${++this.seq}`, nom: 'Option' })
      .returning();
    return o.id;
  }

  /** A product of that company whose icon is the stored file `key`. */
  async catalogueFile(company: Company, key: string): Promise<void> {
    await this.db
      .insert(s.groupeModels)
      .values({ entrepriseId: this.company[company], nomGroupeModel: `Produit ${++this.seq}`, icone: key });
  }

  /** A product with a few events, so analytics routes have something to count. */
  async product(company: Company): Promise<number> {
    const produitId = await this.groupe(company);
    await this.db.insert(s.productEvents).values(
      Array.from({ length: 3 }, (_, i) => ({
        produitId,
        timestamp: new Date(Date.now() - i * DAY),
        userSessionId: `sess-${i}`,
        consultation: true,
        conversion: i === 0,
        country: 'FR',
      })),
    );
    return produitId;
  }
}

export { MP4, PDF };
