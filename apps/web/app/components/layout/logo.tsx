import { firm } from "@site/shared/content";
import { brandMarkShapes } from "../../illustrations/brand-mark-geometry.mjs";

/**
 * The firm's mark: a hill ("kilima") of two triangles under a rising sun, on a teal tile. Drawn from
 * the same geometry as the favicons, so logo and icons cannot drift apart.
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      {brandMarkShapes.map((shape, index) => {
        if (shape.kind === "rect") {
          const { x, y, width, height, rx, fill } = shape;
          return <rect key={index} x={x} y={y} width={width} height={height} rx={rx || undefined} fill={fill} />;
        }
        if (shape.kind === "circle") return <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />;
        return <polygon key={index} points={shape.points.map((point) => point.join(",")).join(" ")} fill={shape.fill} />;
      })}
    </svg>
  );
}

/** The wordmark: the mark beside the firm's name. The name is real text so it scales and translates. */
export function Logo() {
  const [first, ...rest] = firm.name.split(" ");
  return (
    <span className="logo">
      <BrandMark />
      <span className="logo__text">
        <span className="logo__name">{first}</span>
        {/* A real space, so the accessible name reads "Kilima Advisory", not "KilimaAdvisory". */}
        {rest.length > 0 ? <span className="logo__suffix">{` ${rest.join(" ")}`}</span> : null}
      </span>
    </span>
  );
}
