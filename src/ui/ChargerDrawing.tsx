// Every file of the page's graph imports the elements' modules (no side effect), so esbuild keeps
// the code this one shares with the page in the page's one chunk, not in a chunk of its own.
// eslint-disable-next-line no-restricted-imports -- a build entry, not a layer: the import shapes the chunks only
import '../elements/define';
import { useId, useState } from 'react';
import type { Catalogue } from '../domain/catalogue/schema';
import type { Configuration } from '../domain/configuration';
import type { DrawingPaint } from '../domain/preview-drawing';
import { previewDrawing } from '../domain/preview-drawing';

export interface ChargerDrawingProps {
  catalogue: Catalogue;
  configuration: Configuration;
  pastInstallation: boolean;
  /** The stage's size, as the images would have it. */
  stage: { width: number; height: number };
}

/**
 * Pattern ids: the page's preview and the wizard's render in React roots of their own, whose
 * useId() values may repeat in one shadow root, so each drawing adds a random part of its own.
 */
const randomPart = () => Math.random().toString(36).slice(2, 10);

/**
 * The preview drawn instead of the stacked images, when there is no image CDN or its images fail:
 * the charger's body and front in the chosen colours and finishes, the display, hook and tethered
 * cable by the images' rules (domain/preview-drawing.ts). Presentation attributes only: a strict
 * Content-Security-Policy allows no inline style. Drawn on the images' 800 by 1000 grid, so it
 * sits on the stage as they would. Loaded on demand: a page whose images load never fetches it.
 */
export default function ChargerDrawing({ catalogue, configuration, pastInstallation, stage }: ChargerDrawingProps) {
  const plan = previewDrawing(catalogue, configuration, { pastInstallation });
  const [random] = useState(randomPart);
  const id = `evc-drawing-${random}${useId().replace(/[^\w-]/g, '')}`;
  const fill = (part: string, paint: DrawingPaint) => (paint.kind === 'flat' ? paint.colour : `url(#${id}-${part})`);
  return (
    <svg className="evc-layer" data-view="drawing" role="img" aria-label={plan.label} viewBox="0 0 800 1000" width={stage.width} height={stage.height}>
      <defs>
        <Pattern id={`${id}-front`} paint={plan.front.paint} />
        <Pattern id={`${id}-body`} paint={plan.body.paint} />
        {plan.hook && <Pattern id={`${id}-hook`} paint={plan.hook.paint} />}
      </defs>
      {/* The body, seen past the front, with its right side in shade. */}
      <rect data-part="body" x="150" y="90" width="500" height="820" rx="72" fill={fill('body', plan.body.paint)} />
      <path d="M560 90h18a72 72 0 0 1 72 72v676a72 72 0 0 1-72 72h-18z" fill="#000" opacity="0.18" />
      <rect x="150" y="90" width="500" height="820" rx="72" fill="none" stroke="#000" strokeOpacity="0.2" strokeWidth="4" />
      <rect data-part="front" x="186" y="130" width="400" height="740" rx="56" fill={fill('front', plan.front.paint)} />
      <rect x="186" y="130" width="400" height="740" rx="56" fill="none" stroke="#000" strokeOpacity="0.25" strokeWidth="6" />
      {plan.display ? (
        <g data-part="display">
          <rect x="246" y="240" width="280" height="150" rx="16" fill="#0b1d2e" />
          <rect x="276" y="285" width="220" height="45" rx="6" fill="#5fe3a1" />
        </g>
      ) : (
        <rect x="336" y="250" width="100" height="12" rx="6" fill="#fff" opacity="0.55" />
      )}
      {/* The cable outlet (or socket) at the foot of the front. */}
      <circle cx="386" cy="780" r="38" fill="#1b1c1e" />
      <circle cx="386" cy="780" r="22" fill="#000" opacity="0.5" />
      {plan.hook && (
        <path
          data-part="hook"
          d="M600 700h110v60h-55v80h-55z"
          fill={fill('hook', plan.hook.paint)}
          stroke="#000"
          strokeOpacity="0.35"
          strokeWidth="4"
          strokeLinejoin="round"
        />
      )}
      {plan.cable && (
        <path
          data-part="cable"
          d="M386 818c0 60 60 70 100 60s150-60 170 20-140 60-150 0 120-120 180-40"
          fill="none"
          stroke="#1b1c1e"
          strokeWidth="22"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** A finish's pattern (wood grain, carbon weave); nothing for a flat colour. */
function Pattern({ id, paint }: { id: string; paint: DrawingPaint }) {
  if (paint.kind === 'flat') return null;
  if (paint.kind === 'wood') {
    return (
      <pattern id={id} data-finish="wood" width="48" height="160" patternUnits="userSpaceOnUse">
        <rect width="48" height="160" fill={paint.light} />
        <path d="M0 20Q24 60 0 100M24 0Q48 80 24 160" fill="none" stroke={paint.dark} strokeWidth="5" />
      </pattern>
    );
  }
  return (
    <pattern id={id} data-finish="carbon" width="24" height="24" patternUnits="userSpaceOnUse">
      <rect width="24" height="24" fill={paint.dark} />
      <path d="M0 0h12v12H0zM12 12h12v12H12z" fill={paint.light} />
    </pattern>
  );
}
