import type { ReactNode } from "react";
import type { ServiceCategory } from "@site/shared/content";

type Kind = ServiceCategory["illustration"];

const teal = "#0b4f4a";
const tealLight = "#146b63";
const gold = "#d9a13b";
const clay = "#c8693f";
const cream = "#fdfaf3";

// One motif per service line, drawn on a shared 320×240 frame.
const motifs: Record<Kind, ReactNode> = {
  strategy: (
    <>
      <circle cx="160" cy="116" r="70" fill={cream} stroke={teal} strokeWidth="6" />
      <circle cx="160" cy="116" r="44" fill="none" stroke={gold} strokeWidth="6" />
      <circle cx="160" cy="116" r="16" fill={clay} />
      <path d="M160 116 236 44" stroke={teal} strokeWidth="6" strokeLinecap="round" />
      <path d="M222 40h20v20" fill="none" stroke={teal} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  economy: (
    <>
      <path d="M64 184V56M64 184h196" stroke={teal} strokeWidth="5" strokeLinecap="round" />
      <rect x="84" y="134" width="28" height="44" rx="4" fill={gold} />
      <rect x="126" y="110" width="28" height="68" rx="4" fill={tealLight} />
      <rect x="168" y="92" width="28" height="86" rx="4" fill={gold} />
      <rect x="210" y="64" width="28" height="114" rx="4" fill={tealLight} />
      <path d="M84 118l42-26 42 8 58-52" fill="none" stroke={clay} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  governance: (
    <>
      <path d="M160 34 252 76H68Z" fill={teal} />
      <g fill={cream} stroke={teal} strokeWidth="4">
        <rect x="84" y="88" width="24" height="76" />
        <rect x="130" y="88" width="24" height="76" />
        <rect x="176" y="88" width="24" height="76" />
      </g>
      <rect x="212" y="88" width="24" height="76" fill={cream} stroke={teal} strokeWidth="4" />
      <rect x="64" y="168" width="192" height="16" rx="3" fill={gold} />
      <circle cx="160" cy="62" r="8" fill={gold} />
    </>
  ),
  investment: (
    <>
      {[0, 1, 2, 3].map((i) => (
        <ellipse key={i} cx="120" cy={176 - i * 20} rx="44" ry="12" fill={i % 2 ? gold : "#e6b65a"} stroke={clay} strokeWidth="3" />
      ))}
      {[0, 1].map((i) => (
        <ellipse key={i} cx="204" cy={176 - i * 20} rx="36" ry="10" fill={tealLight} stroke={teal} strokeWidth="3" />
      ))}
      <path d="M196 120V48m-24 24 24-24 24 24" fill="none" stroke={teal} strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  digital: (
    <>
      <rect x="70" y="52" width="180" height="116" rx="12" fill={teal} />
      <rect x="82" y="64" width="156" height="92" rx="6" fill={cream} />
      <path d="M130 190h60M160 168v22" stroke={teal} strokeWidth="6" strokeLinecap="round" />
      <g stroke={gold} strokeWidth="4">
        <path d="M110 128l30-30 40 20 30-34" fill="none" />
      </g>
      <g fill={clay}>
        <circle cx="110" cy="128" r="7" />
        <circle cx="140" cy="98" r="7" />
        <circle cx="180" cy="118" r="7" />
        <circle cx="210" cy="84" r="7" />
      </g>
    </>
  ),
  policy: (
    <>
      <rect x="92" y="40" width="136" height="160" rx="10" fill={cream} stroke={teal} strokeWidth="5" />
      <g stroke={teal} strokeWidth="5" strokeLinecap="round">
        <path d="M116 74h88M116 98h88M116 122h56" />
      </g>
      <circle cx="196" cy="160" r="26" fill={gold} />
      <path d="M184 160l9 9 16-18" fill="none" stroke={teal} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M116 150h40M116 170h30" stroke={clay} strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  communication: (
    <>
      <path d="M60 60h130a14 14 0 0 1 14 14v58a14 14 0 0 1-14 14h-82l-30 26v-26H60a14 14 0 0 1-14-14V74a14 14 0 0 1 14-14Z" fill={teal} />
      <path d="M148 110h106a12 12 0 0 1 12 12v46a12 12 0 0 1-12 12h-10v22l-26-22h-70a12 12 0 0 1-12-12v-46a12 12 0 0 1 12-12Z" fill={gold} />
      <g stroke={cream} strokeWidth="5" strokeLinecap="round">
        <path d="M72 88h96M72 108h64" />
      </g>
      <g stroke={teal} strokeWidth="5" strokeLinecap="round">
        <path d="M168 136h74M168 154h48" />
      </g>
    </>
  ),
  projects: (
    <>
      <g stroke={teal} strokeOpacity=".3" strokeWidth="2">
        <path d="M100 44v148M150 44v148M200 44v148M250 44v148" />
      </g>
      <rect x="60" y="58" width="100" height="20" rx="10" fill={teal} />
      <rect x="110" y="92" width="90" height="20" rx="10" fill={gold} />
      <rect x="150" y="126" width="110" height="20" rx="10" fill={tealLight} />
      <rect x="90" y="160" width="80" height="20" rx="10" fill={clay} />
      <circle cx="252" cy="68" r="22" fill={cream} stroke={teal} strokeWidth="5" />
      <path d="M242 68l7 7 13-14" fill="none" stroke={teal} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  training: (
    <>
      <path d="M160 46 264 92 160 138 56 92Z" fill={teal} />
      <path d="M104 114v40c0 16 112 16 112 0v-40l-56 24Z" fill={tealLight} />
      <path d="M252 98v52" stroke={gold} strokeWidth="5" strokeLinecap="round" />
      <circle cx="252" cy="156" r="9" fill={gold} />
      <g fill={clay}>
        <circle cx="96" cy="186" r="10" />
        <circle cx="160" cy="190" r="10" />
        <circle cx="224" cy="186" r="10" />
      </g>
    </>
  ),
};

/** The drawing beside a service line on /services. Decorative: the heading names the service. */
export function ServiceIllustration({ kind }: { kind: Kind }) {
  return (
    <svg className="service-art" viewBox="0 0 320 240" width="320" height="240" aria-hidden="true" focusable="false">
      <rect width="320" height="240" rx="24" fill="#f2ece0" />
      <circle cx="272" cy="40" r="64" fill={gold} fillOpacity=".18" />
      <circle cx="40" cy="212" r="48" fill={teal} fillOpacity=".08" />
      {motifs[kind]}
      <g>
        <rect x="24" y="216" width="24" height="8" fill={teal} />
        <rect x="48" y="216" width="24" height="8" fill={gold} />
        <rect x="72" y="216" width="24" height="8" fill={clay} />
      </g>
    </svg>
  );
}
