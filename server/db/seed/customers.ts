// Demo customers with propositions: vendeur@demo.fr's count more than 9 (his badge reads "9+").
import type { Db } from '../client';
import { customers, propositions } from '../schema';
import type { DemoAccounts } from './accounts';

const DAY = 86_400_000;

const people: Array<[string, string, string, string, number]> = [
  // nom, prenom, city, postalCode, propositions
  ['Bernard', 'Camille', 'Lyon', '69002', 3],
  ['Thomas', 'Lucas', 'Villeurbanne', '69100', 2],
  ['Robert', 'Léa', 'Caluire-et-Cuire', '69300', 4],
  ['Richard', 'Hugo', 'Vénissieux', '69200', 1],
  ['Durand', 'Chloé', 'Bron', '69500', 2],
  ['Leroy', 'Gabriel', 'Écully', '69130', 0],
];

export async function seedCustomers(db: Db, demo: DemoAccounts, now = new Date()) {
  const owners: Array<[string, number]> = [
    ['vendeur', demo.entreprise.maison],
    ['vendeur2', demo.entreprise.maison],
    ['atelier', demo.entreprise.atelier],
  ];
  const created: Array<{ customerId: number; owner: string }> = [];
  let n = 0;
  for (const [owner, entrepriseId] of owners) {
    const list = owner === 'vendeur' ? people : people.slice(0, 3);
    for (const [nom, prenom, city, postalCode, count] of list) {
      n++;
      const [row] = await db
        .insert(customers)
        .values({
          userId: demo.user[owner],
          entrepriseId,
          nom: owner === 'vendeur' ? nom : `${nom}-${owner === 'vendeur2' ? 'Roux' : 'Lambert'}`,
          prenom,
          mail: `${prenom}.${nom}.${n}@exemple.fr`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
          mobile: `06${String(10000000 + n * 7919).slice(0, 8)}`,
          adress: `${n} rue de la République`,
          city,
          postalCode,
          commentaire: n % 2 ? 'Intéressé par la gamme Premium' : null,
          compagny: n % 3 ? null : 'SARL Intérieurs',
          createdAt: new Date(now.getTime() - (120 - n * 3) * DAY),
        })
        .returning({ customerId: customers.customerId });
      created.push({ customerId: row.customerId, owner });
      if (count) {
        await db.insert(propositions).values(
          Array.from({ length: count }, (_, k) => ({
            customerId: row.customerId,
            description: `Devis ${k + 1} : aménagement ${['salon', 'cuisine', 'chambre', 'bureau'][k % 4]} de ${prenom} ${nom}`,
            dateCreation: new Date(now.getTime() - (60 - n - k) * DAY),
          })),
        );
      }
    }
  }
  return created;
}
