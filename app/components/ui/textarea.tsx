import { cn } from "../../lib/cn.ts";
import { controlClass } from "./input.tsx";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "py-2", className)} {...props} />;
}
