/**
 * Every word the office's screens show, in English (the source language), as one typed tree: a screen
 * reads `useText().inbox.heading`, never a literal. Messages with values are functions here and ICU
 * templates in templates.ts under the same id ("inbox.shown"), so a translated catalogue
 * (`locales/<locale>/office.json`) can be compiled and laid over this tree by the shared `localize`
 * exactly as the site's `messages` catalogue is (packages/shared/src/i18n). The API's own words (401,
 * 403, CSRF, validation) come from the shared `officeMessages` and are shown as the API sends them.
 * Keys avoid the names `localize` takes for data, not text (`email`, `phone`, `link`, `path`...).
 */
export const officeText = {
  appName: "Office",
  skipLink: "Skip to main content",
  loading: "Loading…",
  unexpected: "Something went wrong on our side. Please reload the page and try again.",
  network: "The office cannot reach the server. Check your connection and try again.",
  notFound: {
    heading: "Page not found",
    text: "There is no such page in the office.",
    back: "Go to the leads",
  },

  header: {
    navigation: "Office",
    leads: "Leads",
    staff: "Staff",
    signedInAs: (name: string, email: string) => `Signed in as ${name} (${email})`,
    signOut: "Sign out",
    signOutEverywhere: "Sign out everywhere",
    signingOut: "Signing out…",
  },

  signIn: {
    heading: "Sign in to the office",
    intro:
      "Enter your work address and we will mail you a link that signs you in. It works once, within 15 minutes.",
    emailLabel: "Work email address",
    send: "Mail me a sign-in link",
    sending: "Sending…",
    emailRequired: "Please enter your email address.",
    signedOut: "You are signed out.",
    signedOutEverywhere: "You are signed out on every device.",
    sessionEnded: "Please sign in to continue.",
    landingHeading: "Sign in to the office",
    landingText: "You opened a sign-in link. Press the button to sign in on this device.",
    landingButton: "Sign in",
    signingIn: "Signing in…",
    noToken: "This page needs the link from your sign-in mail. Ask for a new link below.",
    askAgain: "Ask for a new link",
    firebaseIntro: "Sign in with your firm's Google account, or have a sign-in link mailed to you.",
    google: "Sign in with Google",
    firebaseLinkSent: "A sign-in link is on its way to this address. Open it on this device.",
    firebaseConfirmEmail: "Enter the address the link was mailed to, to finish signing in.",
    firebaseFinish: "Finish signing in",
    firebaseFailed: "Signing in with Firebase failed. Please try again.",
  },

  status: { new: "New", in_progress: "In progress", closed: "Closed" },
  closeReason: { won: "Won", not_a_fit: "Not a fit", no_answer: "No answer", spam: "Spam" },
  locale: { en: "English", fr: "French", sw: "Swahili" },

  /** The first screen (features/overview). */
  overview: {
    heading: "Overview",
    figures: "This week in the office",
    newLeads: "New leads this week",
    unanswered: "Leads unanswered after two working days",
    median: "Median time to first answer, last 12 weeks",
    noAnswers: "No answers yet",
    subscribers: "Subscribers",
    pendingComments: "Comments awaiting a decision",
    failedMails: "Mails that failed",
    trendHeading: "Subscribers, last 12 weeks",
  },

  /** The subscribers (features/subscribers) and their weekly chart (components/week-chart.tsx). */
  subscribers: {
    heading: "Subscribers",
    statusTabs: "Subscribers by state",
    status: {
      subscribed: "Subscribed",
      pending: "Awaiting confirmation",
      unsubscribed: "Unsubscribed",
    },
    searchHint: "A part of the address (no names are collected)",
    fromLabel: "Subscribed from",
    toLabel: "Subscribed until",
    exportCsv: "Export these subscribers as CSV",
    shown: (count: number) =>
      count === 0
        ? "No subscribers match these filters."
        : count === 1
          ? "1 subscriber shown."
          : `${count} subscribers shown.`,
    pages: "Pages of subscribers",
    columns: {
      email: "Address",
      status: "State",
      locale: "Language",
      consent: "Consent",
      left: "Unsubscribed",
      actions: "Actions",
    },
    consentOn: (page: string, notice: string) => `on ${page}, notice ${notice}`,
    unknownPage: "an unrecorded page",
    unknownNotice: "unrecorded",
    linkSent: "Link to confirm sent",
    leftByStaff: (at: string, who: string) => `${at}, by ${who} on request`,
    unsubscribe: "Unsubscribe",
    unsubscribeNamed: (email: string) => `Unsubscribe ${email}`,
    confirmUnsubscribe: (email: string) =>
      `Unsubscribe ${email} on their request? They get no more newsletters; the office records that you did it.`,
    confirm: "Yes, unsubscribe",
    cancel: "Cancel",
    unsubscribed: (email: string) => `${email} is unsubscribed.`,
    trendHeading: "Last 12 weeks",
    chart: {
      title: "Subscriptions and departures per week, last 12 weeks",
      summary: (subscribed: number, departed: number) =>
        `Subscribed: ${subscribed}. Unsubscribed: ${departed}.`,
      subscribed: "Subscribed",
      departed: "Unsubscribed",
      weekOf: "Week of",
      showTable: "Show the figures as a table",
    },
  },

  inbox: {
    heading: "Leads",
    statusTabs: "Leads by status",
    all: "All",
    tabLabel: (label: string, count: number) => `${label} (${count})`,
    filters: "Filters",
    ownerLabel: "Owner",
    ownerAnyone: "Anyone",
    ownerMe: "Assigned to me",
    ownerNone: "Unassigned",
    localeLabel: "Language",
    localeAny: "Any language",
    fromLabel: "Received from",
    toLabel: "Received until",
    searchLabel: "Search",
    searchHint: "Name, address, subject or message",
    apply: "Apply filters",
    clear: "Clear filters",
    median: "Median time to first answer",
    medianNone: "No lead here has been answered yet",
    shown: (count: number) =>
      count === 0
        ? "No leads match these filters."
        : count === 1
          ? "1 lead shown."
          : `${count} leads shown.`,
    pages: "Pages of leads",
    older: "Older",
    newer: "Newer",
    exportCsv: "Export these leads as CSV",
    columns: {
      received: "Received",
      name: "Name",
      subject: "Subject",
      status: "Status",
      owner: "Owner",
      locale: "Language",
      firstAnswer: "First answer",
    },
    unassigned: "Unassigned",
    notAnswered: "Not answered",
  },

  lead: {
    back: "All leads",
    details: "Details",
    emailLabel: "Email",
    phoneLabel: "Phone",
    noPhone: "Not given",
    subject: "Subject",
    message: "Message",
    locale: "Language",
    received: "Received",
    consent: "Consent",
    consentAt: (at: string, page: string) => `Given ${at} on ${page}`,
    firstAnswer: "Time to first answer",
    notAnswered: "Not answered yet",
    statusHeading: "Status",
    statusLabel: "Status",
    closeReasonLabel: "Reason for closing",
    closeReasonPick: "Choose a reason",
    saveStatus: "Save status",
    statusSaved: "Status saved.",
    ownerHeading: "Owner",
    ownedBy: (owner: string) => `Handled by ${owner}`,
    noOwner: "Nobody handles this lead yet.",
    assignToMe: "Assign to me",
    assignToLabel: "Assign to a colleague (work address)",
    assign: "Assign",
    unassign: "Unassign",
    ownerSaved: "Owner saved.",
    noteHeading: "Internal note",
    noteLabel: "Note (never mailed)",
    addNote: "Add note",
    noteAdded: "Note added.",
    replyHeading: "Reply",
    replyIntro: (email: string) =>
      `Mailed to ${email} from the firm's address; replies to it come to you.`,
    replySubjectLabel: "Subject",
    replyBodyLabel: "Message",
    sendReply: "Send reply",
    replyQueued: "Reply queued for sending. It appears in the history.",
    replySubject: (subject: string) => `Re: ${subject}`,
    historyHeading: "History",
    event: {
      received: "Received through the website",
      assigned: (owner: string) => `Assigned to ${owner}`,
      unassigned: "Unassigned",
      status: (status: string) => `Status set to ${status}`,
      closed: (reason: string) => `Closed: ${reason}`,
      note: "Note",
      reply: (subject: string) => `Replied: ${subject}`,
      by: (who: string) => `by ${who}`,
      website: "the website",
    },
    saving: "Saving…",
  },

  staff: {
    heading: "Staff",
    ownersOnly: "Only an owner of the office can see and change its staff.",
    listHeading: "People who can sign in",
    columns: {
      address: "Email",
      role: "Role",
      added: "Added",
      addedBy: "Added by",
      actions: "Actions",
    },
    firstOwner: "Set up at start",
    role: { owner: "Owner", staff: "Staff" },
    inviteHeading: "Invite someone",
    inviteEmailLabel: "Work email address",
    inviteRoleLabel: "Role",
    invite: "Invite",
    invited: (email: string) => `${email} is invited: a sign-in link is on its way to them.`,
    remove: "Remove",
    removeNamed: (email: string) => `Remove ${email}`,
    confirmRemove: (email: string) =>
      `Remove ${email} from the staff? Their sessions end at once and they can no longer sign in.`,
    confirm: "Yes, remove",
    cancel: "Cancel",
    removed: (email: string) => `${email} was removed from the staff.`,
    you: "(you)",
  },

  comments: {
    heading: "Comments",
    statusTabs: "Comments by status",
    status: {
      pending: "Pending",
      published: "Published",
      rejected: "Rejected",
      spam: "Spam",
      hidden: "Hidden",
    },
    /** A status in a sentence ("was already …"). */
    statusWord: {
      pending: "pending",
      published: "published",
      rejected: "rejected",
      spam: "marked as spam",
      hidden: "hidden",
    },
    by: {
      office: (staff: string) => `in the office by ${staff}`,
      link: "with a link in the firm's mail",
      command: "with the operator command",
      unknown: "before",
    },
    filters: "Filters",
    postLabel: "Post",
    postAny: "Every post",
    localeLabel: "Language",
    localeAny: "Any language",
    apply: "Apply filters",
    clear: "Clear filters",
    shown: (count: number) =>
      count === 0
        ? "No comments here."
        : count === 1
          ? "1 comment shown."
          : `${count} comments shown.`,
    pages: "Pages of comments",
    later: "Later comments",
    earlier: "Earlier comments",
    selectAll: "Select every comment on this page",
    selectOne: (name: string) => `Select the comment by ${name}`,
    selected: (count: number) =>
      count === 1 ? "1 comment selected" : `${count} comments selected`,
    bulkActions: "With the selected comments",
    approve: "Approve",
    reject: "Reject",
    spam: "Mark as spam",
    hide: "Hide",
    approveOne: (name: string) => `Approve the comment by ${name}`,
    rejectOne: (name: string) => `Reject the comment by ${name}`,
    spamOne: (name: string) => `Mark as spam the comment by ${name}`,
    hideOne: (name: string) => `Hide the comment by ${name}`,
    confirmReject: (count: number) =>
      count === 1
        ? "Reject 1 comment? It will not appear on the site."
        : `Reject ${count} comments? They will not appear on the site.`,
    confirmSpam: (count: number) =>
      count === 1
        ? "Mark 1 comment as spam? It will not appear on the site."
        : `Mark ${count} comments as spam? They will not appear on the site.`,
    confirmHide: (count: number) =>
      count === 1
        ? "Hide 1 comment? It is taken off its post at once."
        : `Hide ${count} comments? They are taken off their posts at once.`,
    confirm: "Yes, go ahead",
    cancel: "Cancel",
    working: "Saving…",
    done: {
      approve: (count: number) =>
        count === 1 ? "1 comment approved." : `${count} comments approved.`,
      reject: (count: number) =>
        count === 1 ? "1 comment rejected." : `${count} comments rejected.`,
      spam: (count: number) =>
        count === 1 ? "1 comment marked as spam." : `${count} comments marked as spam.`,
      hide: (count: number) => (count === 1 ? "1 comment hidden." : `${count} comments hidden.`),
    },
    alreadyDecided: (name: string, status: string, who: string) =>
      `The comment by ${name} was already ${status} ${who}; nothing changed.`,
    notPublished: (name: string) =>
      `The comment by ${name} is not published, so it cannot be hidden.`,
    notFound: (count: number) =>
      count === 1 ? "1 comment no longer exists." : `${count} comments no longer exist.`,
    columns: {
      select: "Select",
      received: "Received",
      name: "Name",
      comment: "Comment",
      post: "Post",
      locale: "Language",
      status: "Status",
      actions: "Actions",
    },
    decided: (status: string, who: string) => `${status} ${who}`,
  },

  /** People's data requests and the audit log (features/people, features/audit). */
  people: {
    heading: "People's data",
    nav: "People's data",
    intro:
      "Find everything the firm holds about an address, hand it over as a file, or erase it. Each step is written to the audit log.",
    registerLink: "Register of requests",
    findLabel: "Address",
    findHint:
      "Found however it was typed. It is sent to the server in the request's body, never in a web address.",
    find: "Find",
    finding: "Looking…",
    addressRequired: "Please enter an address.",
    fromRequest: "Answering a request from the register. Exporting or erasing marks it answered.",
    held: "What is held about this address",
    nothingHeld: "Nothing is held about this address.",
    subscriptionHeading: "Newsletter subscription",
    noSubscription: "Not subscribed.",
    inquiriesHeading: "Inquiries",
    commentsHeading: "Blog comments",
    mailsHeading: "Mails",
    requestsHeading: "Requests in the register",
    none: "None.",
    field: {
      status: "Status",
      language: "Language",
      since: "Since",
      consent: "Consent",
      left: "Left",
      received: "Received",
      subject: "Subject",
      message: "Message",
      post: "Post",
      sent: "Queued",
      recipient: "To",
      kind: "Kind",
      state: "State",
    },
    exportJson: "Export as JSON",
    exporting: "Exporting…",
    exported: "The file is downloaded. The export is in the audit log.",
    eraseHeading: "Erase this person's data",
    eraseIntro:
      "Deletes their inquiries and the leads' history, their subscription, their comments and every mail to them. Only a record that an erasure happened is kept, with the address's keyed hash, never the address.",
    eraseStart: "Erase…",
    confirmLabel: "Type the address again to confirm",
    eraseConfirm: "Erase for good",
    erasing: "Erasing…",
    cancel: "Cancel",
    erased: "Erased. Nothing about this address remains but the erasure record.",
    erasureRecord: "Erasure record",
    ownersOnly: "Only an owner can erase a person's data.",
  },

  register: {
    heading: "Register of requests",
    back: "Find a person",
    intro:
      "Every request a person makes about their data: when it came, how, and when it was answered. An erased person's entry keeps only the address's keyed hash. Answered entries are deleted with the audit log after its retention.",
    tabs: "Requests by state",
    all: "All",
    open: "Open",
    answered: "Answered",
    columns: {
      received: "Received",
      address: "Address",
      kind: "Kind",
      channel: "Came by",
      note: "Note",
      answeredOn: "Answered",
      actions: "Actions",
    },
    kind: { access: "Access or export", erasure: "Erasure" },
    channel: {
      mail: "Mail",
      phone: "Phone",
      "web-form": "Web form",
      letter: "Letter",
      "in-person": "In person",
      other: "Other",
    },
    erasedAddress: "Erased (keyed hash kept)",
    notAnswered: "Not yet",
    openPerson: "Open",
    markAnswered: "Mark answered",
    recordHeading: "Record a request",
    addressLabel: "The person's address",
    kindLabel: "What they asked for",
    channelLabel: "How it came",
    receivedLabel: "Day received",
    noteLabel: "Note",
    noteHint: "What was asked and how identity was checked. No other personal data.",
    record: "Record",
    recording: "Recording…",
    recorded: "The request is recorded.",
    markedAnswered: "The request is marked answered.",
    empty: "No requests.",
    pages: "Pages of requests",
    newer: "Newer",
    older: "Older",
  },

  audit: {
    heading: "Audit log",
    nav: "Audit log",
    intro:
      "Every staff action: who, when and what. Read only; entries are deleted after the retention.",
    filters: "Filter the audit log",
    actorLabel: "Who",
    actorHint: "A staff address, or “system”.",
    actionLabel: "Action",
    anyAction: "Any action",
    targetLabel: "Target",
    searchLabel: "Search the target and details",
    fromLabel: "From",
    toLabel: "To",
    apply: "Apply filters",
    clear: "Clear",
    columns: { at: "When", actor: "Who", action: "Action", target: "Target", details: "Details" },
    system: "System",
    empty: "No entries match these filters.",
    pages: "Pages of the audit log",
    newer: "Newer",
    older: "Older",
    ownersOnly: "Only an owner can read the audit log.",
    retention: "Entries are kept for this many days:",
  },

  /** The mail outbox (features/outbox). */
  outbox: {
    heading: "Mail outbox",
    nav: "Outbox",
    stateTabs: "Mails by state",
    all: "All",
    state: {
      queued: "Queued",
      sending: "Sending",
      sent: "Sent",
      failed: "Failed",
      held: "Held by a cap",
    },
    /** Which cap held a mail, in a sentence ("Held by …"). */
    heldCap: {
      "recipient-limit": "its recipient's daily share",
      "daily-cap": "the day's cap on automatic mail",
    },
    heldByCap: (cap: string) => `Held by ${cap}`,
    kind: {
      "contact-acknowledgement": "Acknowledgement to a visitor",
      "contact-notification": "New inquiry, to the firm",
      "newsletter-welcome": "Newsletter welcome",
      "newsletter-confirmation": "Newsletter return, to confirm",
      "comment-notification": "New comment, to the firm",
      "daily-cap-notification": "Daily cap reached, to the firm",
      "office-sign-in": "Office sign-in link",
      "office-invitation": "Office invitation",
      "lead-reply": "Reply to a lead",
      admin: "Sent through the API",
    },
    capLabel: "Automatic mail today (UTC)",
    capFigure: (count: number, cap: number) => `${count} of ${cap}`,
    capHint:
      "Acknowledgements and welcome mails the site sent visitors today. Past the cap (MAIL_AUTOMATIC_DAILY_CAP) they are held, not sent.",
    filters: "Filters",
    recipientLabel: "Recipient",
    recipientHint: "The address, or how it begins.",
    kindLabel: "Kind",
    kindAny: "Any kind",
    localeLabel: "Language",
    localeAny: "Any language",
    fromLabel: "Queued from",
    toLabel: "Queued until",
    apply: "Apply filters",
    clear: "Clear filters",
    shown: (count: number) =>
      count === 0
        ? "No mails match these filters."
        : count === 1
          ? "1 mail shown."
          : `${count} mails shown.`,
    pages: "Pages of mails",
    newer: "Newer mails",
    older: "Older mails",
    none: "—",
    columns: {
      queued: "Queued",
      recipient: "Recipient",
      kind: "Kind",
      language: "Language",
      state: "State",
      attempts: "Attempts",
      lastAnswer: "Server's last answer",
    },
    mail: {
      heading: (recipient: string) => `Mail to ${recipient}`,
      back: "Back to the outbox",
      replyTo: "Answers go to",
      attemptedAt: "Last attempt",
      nextAttemptAt: "Next attempt",
      finishedAt: "Finished",
      messageId: "Message-ID",
      retriedAt: "Retried from the office",
      body: "The mail",
      subject: "Subject",
      removed: (at: string) =>
        `No longer kept: its text was removed on ${at}, when the mail retention ran.`,
      notKept: "No longer kept.",
      neverKept: "Not kept: a mail held by a cap is never sent, so its text was not kept.",
      retryHeading: "Retry",
      retry: "Retry this mail",
      retrying: "Queuing…",
      retryHint:
        "It goes back to the outbox, which sends it within moments. A mail can be retried once from the office.",
      retried: "Queued again: the outbox is sending it. This page follows its state.",
      retryUsed:
        "This mail was already retried once from the office and failed again. An operator can queue it again (site-outbox retry).",
      notFailed: "Only a failed mail can be retried.",
    },
  },

  duration: {
    lessThanMinute: "under a minute",
    minutes: (minutes: number) => `${minutes} min`,
    hoursMinutes: (hours: number, minutes: number) =>
      minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`,
    daysHours: (days: number, hours: number) =>
      hours === 0 ? `${days} d` : `${days} d ${hours} h`,
  },
};

export type OfficeText = typeof officeText;
