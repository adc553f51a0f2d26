import { useMutation, useQuery } from "@tanstack/react-query";
import type { Me, OfficeConfig, SignInAnswer, SignInLinkRequest } from "@site/shared/office";
import { officeApi } from "@site/shared/office/constants";
import { useApi, useSetMe } from "../../lib/session";

/** How the office signs in here: by mailed link (the embedded default) or Firebase Authentication. */
export function useOfficeConfig() {
  const api = useApi();
  return useQuery({
    queryKey: ["office", "config"],
    queryFn: () => api.get<OfficeConfig>(officeApi.config),
    staleTime: Infinity,
  });
}

/** "Mail me a link": the API answers the same words whether or not the address is staff. */
export function useRequestLink() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SignInLinkRequest) =>
      api.post<{ message: string }>(officeApi.signInLink, body),
  });
}

/** Exchanges the mailed link's token for a session (Firebase mode: firebase-sign-in.tsx). */
export function useSignIn(onSignedIn: (me: Me) => void) {
  const api = useApi();
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (proof: { token: string }) => api.post<SignInAnswer>(officeApi.signIn, proof),
    onSuccess: ({ me }) => {
      setMe(me);
      onSignedIn(me);
    },
  });
}
