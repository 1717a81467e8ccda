import { z } from 'zod';

// Validation messages reach users (API `fields`, forms): Spanish everywhere.
z.config(z.locales.es());
