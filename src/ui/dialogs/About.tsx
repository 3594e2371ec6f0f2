import { useMessages } from "../i18n/context";
import { Dialog } from "./Dialog";

export function About({ onClose }: { readonly onClose: () => void }) {
  const t = useMessages().t;
  return (
    <Dialog title={t("help.about")} onClose={onClose}>
      <p>{t("about.text")}</p>
    </Dialog>
  );
}
