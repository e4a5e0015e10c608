// The catalogue area's route plugins, registered by server/areas.ts.
import type { RoutePlugin } from '../../deps';
import categoryRoutes from './categories';
import couleurRoutes from './couleurs';
import entrepriseCatalogueRoutes from './entrepriseCatalogue';
import fileRoutes from './files';
import groupeModelEditRoutes from './groupeModelEdit';
import groupeModelRoutes from './groupeModels';
import modelRoutes from './models';
import optionRoutes from './options';
import sousOptionBatchRoutes from './sousOptionBatch';

export const catalogueRoutes: RoutePlugin[] = [
  categoryRoutes,
  groupeModelRoutes,
  groupeModelEditRoutes,
  modelRoutes,
  optionRoutes,
  sousOptionBatchRoutes,
  couleurRoutes,
  entrepriseCatalogueRoutes,
  fileRoutes,
];
