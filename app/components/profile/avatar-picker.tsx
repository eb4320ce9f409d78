import { Camera, Undo2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { cn } from "../../lib/cn.ts";
import {
  AVATAR_ACCEPT,
  SNIFF_BYTES,
  avatarProblem,
  profileErrorDescription,
  profileErrorToast,
  type ProfileErrorCode,
} from "../../lib/schemas/profile.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { buttonVariants } from "../ui/button.tsx";

/**
 * The avatar with a file picker. A chosen file is checked here the way the server checks it
 * (size, then its first bytes) and previewed before anything is uploaded; a refused file is
 * cleared from the picker. Without JavaScript the picker still uploads and the server decides.
 */
export function AvatarPicker({
  name,
  currentSrc,
  serverError,
  onProblemChange,
}: {
  name: string;
  currentSrc: string;
  serverError?: MessageKey;
  onProblemChange: (problem: ProfileErrorCode | null) => void;
}) {
  const t = useT();
  const showToast = useToast();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; fileName: string } | null>(null);
  const [problem, setProblem] = useState<ProfileErrorCode | null>(null);
  const error = problem ? profileErrorDescription(problem) : serverError;

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  function report(next: ProfileErrorCode | null) {
    setProblem(next);
    onProblemChange(next);
  }

  async function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) {
      setPreview(null);
      report(null);
      return;
    }
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const found = avatarProblem(file.size, head);
    if (found) {
      input.value = "";
      setPreview(null);
      report(found);
      showToast(profileErrorToast(found));
      return;
    }
    report(null);
    setPreview({ url: URL.createObjectURL(file), fileName: file.name });
  }

  function undo() {
    if (inputRef.current) inputRef.current.value = "";
    setPreview(null);
    report(null);
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative shrink-0">
        <img
          src={preview?.url ?? currentSrc}
          alt={preview ? t("profile.details.previewAlt") : t("profile.details.avatarAlt")}
          width={96}
          height={96}
          className={cn(
            "size-24 rounded-full bg-surface-muted object-cover ring-4",
            preview ? "ring-accent-light" : "ring-primary-tint",
          )}
        />
        <span
          aria-hidden
          className="absolute -right-0.5 -bottom-0.5 inline-flex size-8 items-center justify-center rounded-full border-2 border-white bg-primary text-white"
        >
          <Camera className="size-4" />
        </span>
      </div>
      <div className="min-w-0 text-center sm:text-left">
        <p className="text-sm font-medium text-ink-soft">{t("profile.details.avatarLabel")}</p>
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          {/* The label is the visible control; the input inside it stays keyboard-focusable. */}
          <label
            className={cn(
              buttonVariants({ variant: "outline", size: "md" }),
              "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-vivid",
            )}
          >
            <Camera aria-hidden className="size-4" />
            {t("profile.details.chooseAvatar")}
            <input
              ref={inputRef}
              name={name}
              type="file"
              accept={AVATAR_ACCEPT}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={handleChange}
              className="sr-only"
            />
          </label>
          {preview && (
            <button
              type="button"
              onClick={undo}
              className="inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-surface-muted hover:text-ink"
            >
              <Undo2 aria-hidden className="size-4" />
              {t("profile.details.removeAvatar")}
            </button>
          )}
        </div>
        {preview && (
          <p
            className="mt-2 max-w-xs truncate text-xs font-medium text-accent-strong"
            aria-live="polite"
          >
            {t("profile.details.selectedFile", { name: preview.fileName })}
          </p>
        )}
        <p id={hintId} className="mt-2 text-xs text-subtle">
          {t("profile.details.avatarHint")}
        </p>
        {error && (
          <p id={errorId} className="mt-1 text-sm text-danger">
            {t(error)}
          </p>
        )}
      </div>
    </div>
  );
}
