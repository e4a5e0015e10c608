// The viewer settings as the roles that may not change them see them (docs/permissions.md,
// 'entreprise.viewerSettings'): the same facts as the form, read-only, and who may change them.
import { PERMISSIONS } from '#domain/permissions';

import type { EntrepriseDetail } from '../../api/catalogue';

const whoMayChange = PERMISSIONS['entreprise.viewerSettings']
  .map((role) => (role === 'Admin' ? 'un administrateur' : `le ${role.toLowerCase()}`))
  .join(' ou ');

export function ViewerSettingsView({ entreprise }: { entreprise: EntrepriseDetail }) {
  const sites = entreprise.frameOrigins ?? [];
  return (
    <div className="integration-view">
      <h3 className="integration-subtitle">Sites autorisés à intégrer la visionneuse</h3>
      {sites.length ? (
        <ul className="integration-site-list">
          {sites.map((site) => (
            <li key={site}>
              <code>{site}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun site déclaré.</p>
      )}
      <h3 className="integration-subtitle">Page de demande de devis</h3>
      <p>{entreprise.quoteUrl ? <code>{entreprise.quoteUrl}</code> : <span className="muted">Aucune</span>}</p>
      <p className="muted">Seul {whoMayChange} peut modifier ces réglages.</p>
    </div>
  );
}
