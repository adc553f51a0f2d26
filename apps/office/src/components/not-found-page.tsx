import { Link } from "react-router";
import { useText } from "../i18n/text";
import { PageHeading } from "./page-heading";

export function NotFoundPage() {
  const text = useText();
  return (
    <>
      <PageHeading title={text.notFound.heading} />
      <p>{text.notFound.text}</p>
      <p>
        <Link to="/leads">{text.notFound.back}</Link>
      </p>
    </>
  );
}
