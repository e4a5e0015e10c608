// zod's own messages (a wrong type, an unknown enum value, a key a strict object refuses) in French:
// a schema's own message still wins, since zod reads the message first and this map only after.
// zod keeps the map in its one global configuration: the server installs it (server/app.ts), and so do
// the app's forms (src/ui/FormField.tsx), off the sign-in page's first load (src/app/zodConfig.ts).
import { z } from 'zod';

z.config(z.locales.fr());

export {};
