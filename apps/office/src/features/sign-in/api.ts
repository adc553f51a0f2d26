import { useMutation, useQuery } from "@tanstack/react-query";
import {
  officeApi,
  officeConfigSchema,
  signInAnswerSchema,
  signInLinkAnswerSchema,
  type Me,
  type SignInLinkRequest,
} from "@site/shared/office";
import { useApi, useSetMe } from "../../lib/session";

/** How the office signs in here: by mailed link (the embedded default) or Firebase Authentication. */
export function useOfficeConfig() {
  const api = useApi();
  return useQuery({
    queryKey: ["office", "config"],
    queryFn: () => api.get(officeApi.config, officeConfigSchema),
    staleTime: Infinity,
  });
}

/** "Mail me a link": the API answers the same words whether or not the address is staff. */
export function useRequestLink() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SignInLinkRequest) =>
      api.post(officeApi.signInLink, body, signInLinkAnswerSchema),
  });
}

/** Exchanges the mailed link's token for a session (Firebase mode: firebase-sign-in.tsx). */
export function useSignIn(onSignedIn: (me: Me) => void) {
  const api = useApi();
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (proof: { token: string }) => api.post(officeApi.signIn, proof, signInAnswerSchema),
    onSuccess: ({ me }) => {
      setMe(me);
      onSignedIn(me);
    },
  });
}
