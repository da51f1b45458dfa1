/** The modules of a QR code, `true` for dark, as `uqr`'s encode answers them. */
export type QrModules = readonly (readonly boolean[])[];

/** Loaded when the set-up starts, so the QR encoder is in no bundle a page loads first. */
export async function encodeQr(text: string): Promise<QrModules> {
  const { encode } = await import('uqr');
  return encode(text, { border: 0 }).data;
}

const QUIET = 4;

/** A QR code as one SVG path, dark on white with the standard four-module margin. */
export function QrCode({ modules, label }: { modules: QrModules; label: string }) {
  const size = modules.length + QUIET * 2;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
      className="h-auto max-w-full bg-white"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
