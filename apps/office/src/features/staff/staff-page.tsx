import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import type { InviteStaffRequest, StaffList, StaffMember, StaffRole } from "@site/shared/office";
import { officeApi, officeMessages, staffRoles } from "@site/shared/office/constants";
import { errorText, fieldError } from "../../components/error-text";
import { Field } from "../../components/field";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { useIntlLocale, useText } from "../../i18n/text";
import { emailAddressKey } from "../../lib/email";
import { formatDateTime } from "../../lib/format";
import { useApi, useMe } from "../../lib/session";

const staffKey = ["office", "staff"] as const;

function InviteForm() {
  const text = useText();
  const api = useApi();
  const client = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("staff");
  const [invalid, setInvalid] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: (body: InviteStaffRequest) => api.post(officeApi.staff, body),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey }),
  });
  const emailError = invalid ?? fieldError(invite.error, "email");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = emailAddressKey(email);
    if (address === undefined) {
      setInvalid(officeMessages.emailInvalid);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setInvalid(undefined);
    invite.mutate({ email: address, role }, { onSuccess: () => setEmail("") });
  }

  return (
    <form onSubmit={submit} noValidate className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.staff.inviteHeading}</h2>
      <div className="row row-end">
        <Field id={`${id}-email`} label={text.staff.inviteEmailLabel} error={emailError}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <div className="field">
          <label htmlFor={`${id}-role`}>{text.staff.inviteRoleLabel}</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {staffRoles.map((value) => (
              <option key={value} value={value}>
                {text.staff.role[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={invite.isPending}>
          {text.staff.invite}
        </button>
      </div>
      <Notice tone="status">
        {invite.isSuccess ? text.staff.invited(invite.variables.email) : null}
      </Notice>
      <Notice tone="alert">
        {invite.isError && !emailError ? errorText(invite.error, text) : null}
      </Notice>
    </form>
  );
}

/** Remove asks first, in place: the confirmation takes focus, Cancel gives it back to Remove. */
function RemoveButton({
  member,
  onRemoved,
}: {
  member: StaffMember;
  onRemoved: (email: string) => void;
}) {
  const text = useText();
  const api = useApi();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => api.delete(officeApi.staffMember(member.email)),
    onSuccess: () => {
      onRemoved(member.email);
      return client.invalidateQueries({ queryKey: staffKey });
    },
  });

  if (!confirming)
    return (
      <button
        type="button"
        ref={removeRef}
        className="button-quiet"
        aria-label={text.staff.removeNamed(member.email)}
        onClick={() => setConfirming(true)}
      >
        {text.staff.remove}
      </button>
    );
  return (
    <div role="group" aria-label={text.staff.removeNamed(member.email)} className="confirm">
      <p>{text.staff.confirmRemove(member.email)}</p>
      <button
        type="button"
        className="button-danger"
        // Focus lands on the question's answer, so a keyboard user hears the question and can answer it.
        ref={(element) => element?.focus()}
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
      >
        {text.staff.confirm}
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => {
          setConfirming(false);
          requestAnimationFrame(() => removeRef.current?.focus());
        }}
      >
        {text.staff.cancel}
      </button>
      {remove.isError ? <p className="field-error">{errorText(remove.error, text)}</p> : null}
    </div>
  );
}

/** /admin/staff (owners): who can sign in to the office, invitations, removals. */
export function StaffPage() {
  const text = useText();
  const api = useApi();
  const intlLocale = useIntlLocale();
  const me = useMe().data;
  const owner = me?.role === "owner";
  const [removed, setRemoved] = useState<string | undefined>();
  // The removed row (and the focused button in it) goes away: focus moves to the list's heading.
  const afterRemoval = (email: string) => {
    setRemoved(email);
    requestAnimationFrame(() => document.getElementById("staff-list-heading")?.focus());
  };
  const staff = useQuery({
    queryKey: staffKey,
    queryFn: () => api.get<StaffList>(officeApi.staff),
    enabled: owner,
  });

  if (!owner)
    return (
      <>
        <PageHeading title={text.staff.heading} />
        <p>{text.staff.ownersOnly}</p>
      </>
    );

  return (
    <>
      <PageHeading title={text.staff.heading} />
      <Notice tone="status">{removed ? text.staff.removed(removed) : null}</Notice>
      <Notice tone="alert">{staff.isError ? errorText(staff.error, text) : null}</Notice>
      <section className="panel" aria-labelledby="staff-list-heading">
        <h2 id="staff-list-heading" tabIndex={-1}>
          {text.staff.listHeading}
        </h2>
        {staff.data ? (
          <div className="table-scroll">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{text.staff.columns.address}</th>
                  <th scope="col">{text.staff.columns.role}</th>
                  <th scope="col">{text.staff.columns.added}</th>
                  <th scope="col">{text.staff.columns.addedBy}</th>
                  <th scope="col">{text.staff.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {staff.data.items.map((member) => (
                  <tr key={member.email}>
                    <th scope="row">
                      {member.email}{" "}
                      {member.email === me.email ? (
                        <span className="hint">{text.staff.you}</span>
                      ) : null}
                    </th>
                    <td>{text.staff.role[member.role]}</td>
                    <td>{formatDateTime(member.addedAt, intlLocale)}</td>
                    <td>{member.addedBy ?? text.staff.firstOwner}</td>
                    <td>
                      {member.email === me.email ? null : (
                        <RemoveButton member={member} onRemoved={afterRemoval} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p role="status">{text.loading}</p>
        )}
      </section>
      <InviteForm />
    </>
  );
}
