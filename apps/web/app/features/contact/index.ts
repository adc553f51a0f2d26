export { ContactForm } from "./contact-form";
export { submitContact, useSubmitContact, contactErrorMessage, toContactRequest, contactsPath, type ContactRequest } from "./submit-contact";
