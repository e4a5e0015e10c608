// The demo data (docs/product.md): every demo proposition gets a real small PDF quote (generated) and, except one in four, the
// small committed MP4 (VP9, plays in Chromium and Firefox), each under its own storage key. Some carry a
// status so every badge style shows on the demo.
import fs from 'node:fs';

import { asc, eq } from 'drizzle-orm';

import { STATUS } from '#domain/proposition';

import type { FileStorage } from '../../files/storage';
import type { Db } from '../client';
import { customers, propositions } from '../schema';
import { quotePdf } from './quotePdf';

const demoVideo = () => fs.readFileSync(new URL('./fixtures/demo-video.mp4', import.meta.url));

export async function seedPropositionFiles(db: Db, files: FileStorage, _now: Date): Promise<void> {
  const video = demoVideo();
  const rows = await db
    .select({
      id: propositions.propositionId,
      description: propositions.description,
      dateCreation: propositions.dateCreation,
      nom: customers.nom,
      prenom: customers.prenom,
      city: customers.city,
    })
    .from(propositions)
    .innerJoin(customers, eq(customers.customerId, propositions.customerId))
    .orderBy(asc(propositions.propositionId));
  for (const [i, p] of rows.entries()) {
    const amount = 1200 + ((p.id * 733) % 9000);
    const pdf = quotePdf([
      `Devis n° ${p.id}`,
      `Client : ${p.prenom} ${p.nom}${p.city ? `, ${p.city}` : ''}`,
      `Date : ${p.dateCreation.toLocaleDateString('fr-FR')}`,
      `Objet : ${p.description ?? 'Proposition'}`,
      `Montant HT : ${amount.toLocaleString('fr-FR')} EUR`,
      'Devis valable 30 jours.',
    ]);
    const withVideo = i % 4 !== 3;
    const status = withVideo ? [null, STATUS.sent, STATUS.viewed][i % 3] : null;
    await db
      .update(propositions)
      .set({
        cheminPdf: await files.save('propositions', 'pdf', pdf),
        cheminVideo: withVideo ? await files.save('videos', 'mp4', video) : null,
        statusName: status,
      })
      .where(eq(propositions.propositionId, p.id));
  }
}
