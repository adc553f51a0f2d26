/**
 * The home hero's drawing: a rising sun over layered hills, a growth chart and a network of
 * connected points across the continent, edged with kente-inspired blocks. Purely decorative.
 */
export function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 560 480" width="560" height="480" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f7e3b8" />
          <stop offset="1" stopColor="#fbf8f2" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect x="20" y="20" width="520" height="440" rx="36" />
        </clipPath>
      </defs>
      <rect x="20" y="20" width="520" height="440" rx="36" fill="url(#hero-sky)" />
      <g clipPath="url(#hero-frame)">
      <circle cx="330" cy="190" r="96" fill="#d9a13b" />
      <circle cx="330" cy="190" r="126" fill="none" stroke="#d9a13b" strokeOpacity=".35" strokeWidth="2" strokeDasharray="2 10" />
      <circle cx="330" cy="190" r="160" fill="none" stroke="#c8693f" strokeOpacity=".2" strokeWidth="2" />
      <path d="M20 360 170 180l150 180Z" fill="#0b4f4a" />
      <path d="M170 180l-40 48 20 10 20-18 22 16 26-12Z" fill="#f2ece0" />
      <path d="M230 380 380 220l160 160Z" fill="#146b63" />
      <path d="M20 400c90-40 200-52 300-36s160 30 220 8v88H56a36 36 0 0 1-36-36Z" fill="#073833" />
      <g fill="#fdfaf3">
        <rect x="396" y="300" width="18" height="60" rx="3" />
        <rect x="424" y="272" width="18" height="88" rx="3" />
        <rect x="452" y="240" width="18" height="120" rx="3" />
        <rect x="480" y="204" width="18" height="156" rx="3" />
      </g>
      <path d="M388 286l36-30 28 10 48-50" fill="none" stroke="#c8693f" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <g stroke="#0b4f4a" strokeWidth="2" strokeOpacity=".55" fill="none">
        <path d="M96 96l84 38 96-50 84 40 92-34" />
        <path d="M180 134l-30 70" />
      </g>
      <g fill="#0b4f4a">
        <circle cx="96" cy="96" r="7" />
        <circle cx="180" cy="134" r="9" />
        <circle cx="276" cy="84" r="7" />
        <circle cx="452" cy="90" r="7" />
      </g>
      <circle cx="360" cy="124" r="8" fill="#fdfaf3" stroke="#0b4f4a" strokeWidth="3" />
      <g fill="#c8693f">
        <rect x="40" y="424" width="24" height="10" />
        <rect x="88" y="424" width="24" height="10" />
        <rect x="136" y="424" width="24" height="10" />
      </g>
      <g fill="#d9a13b">
        <rect x="64" y="424" width="24" height="10" />
        <rect x="112" y="424" width="24" height="10" />
        <rect x="160" y="424" width="24" height="10" />
      </g>
      <g fill="none" stroke="#fdfaf3" strokeWidth="3" strokeLinecap="round" strokeOpacity=".7">
        <path d="M420 420h20m10 0h20m10 0h20" />
        <path d="M232 428l8-8 8 8 8-8 8 8 8-8 8 8" />
      </g>
      </g>
    </svg>
  );
}
