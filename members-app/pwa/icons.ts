import sharp from 'sharp';
import { appIcons } from '../../services/contracts/src/web-app.ts';

/** The brand mark of the sales pages' logo (marketing/src/components/Logo.astro), on a 64-unit grid. */
const MOON_AND_STARS =
  '<path d="M40 14a18 18 0 1 0 10 31A20 20 0 0 1 40 14z" fill="#f3d58c"/>' +
  '<circle cx="47" cy="18" r="2" fill="#eef0ff"/><circle cx="52" cy="28" r="1.3" fill="#eef0ff"/>';
const TILE = '#1b2560';

type IconShape = {
  /** Rounded corners for launchers that show the file as it is; square where the system shapes it. */
  corners: 'rounded' | 'square';
  /** How large the mark is drawn around the centre (1 = as in the logo). */
  markScale: number;
};

/** The icon as SVG: the night tile with the moon and stars. */
export function iconSvg({ corners, markScale }: IconShape): string {
  const radius = corners === 'rounded' ? 14 : 0;
  const mark = `<g transform="translate(32 32) scale(${markScale}) translate(-32 -32)">${MOON_AND_STARS}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${radius}" fill="${TILE}"/>${mark}</svg>`;
}

const ICONS: { file: string; size: number; shape: IconShape }[] = [
  { file: appIcons.any192, size: 192, shape: { corners: 'rounded', markScale: 1 } },
  { file: appIcons.any512, size: 512, shape: { corners: 'rounded', markScale: 1 } },
  // A maskable icon's safe zone is the central circle of 80 % of its width: the mark shrinks into it.
  { file: appIcons.maskable512, size: 512, shape: { corners: 'square', markScale: 0.78 } },
  { file: appIcons.appleTouch, size: 180, shape: { corners: 'square', markScale: 0.9 } },
];

/** Renders every icon of the app (PNG, from the SVG above) as files relative to the app's prefix. */
export async function renderAppIcons(): Promise<{ fileName: string; source: Uint8Array }[]> {
  return Promise.all(
    ICONS.map(async ({ file, size, shape }) => ({
      fileName: file,
      source: await sharp(Buffer.from(iconSvg(shape)), { density: (72 * size) / 64 })
        .resize(size, size)
        .png({ compressionLevel: 9, palette: true })
        .toBuffer(),
    })),
  );
}
