import path from 'node:path';
import { apiRoot } from '../../db/paths';

/** Shipped demo media: public videos (MP4, HLS), course thumbnails and materials. */
export const mediaDir = path.join(apiRoot, 'media');
