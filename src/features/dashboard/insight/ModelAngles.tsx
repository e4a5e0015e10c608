// The product's model drawn at the most-looked angles: one <model-viewer> per bucket, its camera at the
// bucket's centre (bucketOrbit), not movable (no camera-controls, no prompt): a picture of what visitors
// looked at. model-viewer (with three.js) is its own chunk, imported once the section shows; the model is
// the one the product's public viewer shows (GET /api/viewer/{key}), meshopt-decoded as there.
import { createElement, useEffect, useState } from 'react';
import meshoptDecoderUrl from 'virtual:meshopt-decoder?app';

import { AZIMUTH_SECTORS, bucketOrbit, ELEVATION_BANDS } from '#domain/visitSignals';

import { useGroupeModelQuery, useViewerModelQuery } from '../../../api/queries/catalogue';
import { pct } from './format';
import { angleName } from './PolarMap';

let loaded: Promise<unknown> | null = null;
function loadModelViewer(): Promise<unknown> {
  loaded ??= import('@google/model-viewer').then((module) => {
    module.ModelViewerElement.meshoptDecoderLocation = meshoptDecoderUrl;
  });
  return loaded;
}

const angleOf = (bucket: number) => bucket % (AZIMUTH_SECTORS * ELEVATION_BANDS);

export function ModelAngles({
  product,
  top,
  dwell,
  total,
}: {
  product: number;
  top: number[];
  dwell: number[];
  total: number;
}) {
  const groupe = useGroupeModelQuery(product);
  const key = groupe.data?.publicKey ?? null;
  const model = useViewerModelQuery(key);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadModelViewer().then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const url = model.data ?? null;
  const noModel = model.isSuccess && url === null;
  if (groupe.isError || model.isError || failed)
    return <p role="alert">Le modèle 3D n’a pas pu être affiché ; les angles sont décrits ci-dessous.</p>;
  if (noModel) return <p>Ce produit n’a pas de modèle 3D à afficher.</p>;
  return (
    <ol className="insight-angles">
      {top.map((bucket, rank) => {
        const near = bucket >= AZIMUTH_SECTORS * ELEVATION_BANDS;
        const label = `${rank + 1}. ${angleName(angleOf(bucket))}${near ? ', de près' : ''} — ${pct(total ? dwell[bucket] / total : null)} du temps`;
        return (
          <li key={bucket}>
            {ready && url ? (
              createElement('model-viewer', {
                src: url,
                alt: `Le modèle vu ${angleName(angleOf(bucket))}`,
                'camera-orbit': bucketOrbit(bucket),
                'interaction-prompt': 'none',
                className: 'insight-model',
                'data-testid': 'insight-model',
              })
            ) : (
              <div className="insight-model insight-model-pending" aria-hidden="true" />
            )}
            <span>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
